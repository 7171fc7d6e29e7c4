"""The bench's command-line options, light to import (``rheinbot``'s parser adds them)."""

from __future__ import annotations

import argparse

PART_NAMES = ("engine", "render", "store", "service", "loop", "scale", "rhl18")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--only", default="",
                        help="comma-separated parts (default all): " + ",".join(PART_NAMES))
    parser.add_argument("--repeat", type=int, default=3, help="runs per part (median kept)")
    parser.add_argument("--size", type=float, default=1.0, help="workload scale (1 = full)")
    parser.add_argument("--results", default=None, help="also write the table to this file")
