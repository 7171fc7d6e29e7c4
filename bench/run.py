"""``rheinbot bench``: every hot path measured against its target, in one table.

    python -m bench.run                       # all parts, 3 runs each, medians
    python -m bench.run --only engine,render  # chosen parts
    python -m bench.run --results bench/RESULTS.md   # also write the Markdown table

Each part runs ``--repeat`` times and each figure is the median of those runs. Figures marked
"(CPU)" are this thread's (or, for service calls, this process's) CPU time, which the other
work on a shared machine disturbs far less than wall time; pass/miss is shown for both.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from bench import engine_bench, render_bench, rhl18_bench, scale, service_bench, store_bench
from bench.common import Figure, failed, median_figures
from bench.options import PART_NAMES, add_arguments

PARTS: dict[str, Callable[[float], list[Figure]]] = {
    "engine": engine_bench.run,
    "render": render_bench.run,
    "store": store_bench.run,
    "service": service_bench.run_service,
    "loop": service_bench.run_loop,
    "scale": scale.run,
    "rhl18": rhl18_bench.run,
}
assert tuple(PARTS) == PART_NAMES


def run_parts(names: list[str], size: float, repeat: int,
              progress: TextIO | None = None) -> list[Figure]:
    figures: list[Figure] = []
    for name in names:
        runs = []
        for attempt in range(repeat):
            if progress:
                progress.write(f"  {name} run {attempt + 1}/{repeat}...\n")
                progress.flush()
            try:
                runs.append(PARTS[name](size))
            except Exception as error:  # noqa: BLE001 - one broken part must not hide the rest
                runs.append([failed(name, "whole part", error)])
        figures += median_figures(runs)
    return figures


def table(figures: list[Figure]) -> list[str]:
    """A Markdown table: one row per figure."""
    rows = ["| part | figure | measured | target | status | note |",
            "| --- | --- | ---: | --- | --- | --- |"]
    for f in figures:
        note = f.error or f.note
        rows.append(f"| {f.part} | {f.name} | {f.shown()} | {f.wanted()} | {f.status} | "
                    f"{note.replace('|', '/')} |")
    return rows


def machine() -> list[str]:
    """nproc, memory, CPU model, Python version and the load average now."""
    meminfo = Path("/proc/meminfo")
    total = next((line.split()[1] for line in meminfo.read_text().splitlines()
                  if line.startswith("MemTotal")), "0") if meminfo.exists() else "0"
    model = ""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        model = next((line.split(":", 1)[1].strip() for line in
                      cpuinfo.read_text().splitlines() if line.startswith("model name")), "")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return [f"- nproc {os.cpu_count()}, {int(total) / 1024 / 1024:.1f} GB memory, {model}",
            f"- Python {platform.python_version()} ({platform.platform()})",
            f"- load average (1, 5, 15 min): {load}"]


def parse(argv: list[str] | None) -> argparse.Namespace:
    top = argparse.ArgumentParser(prog="rheinbot bench", description=__doc__.splitlines()[0])
    add_arguments(top)
    return top.parse_args(argv)


def execute(args: argparse.Namespace, out: TextIO) -> int:
    names = [n.strip() for n in args.only.split(",") if n.strip()] or list(PARTS)
    unknown = [n for n in names if n not in PARTS]
    if unknown:
        out.write(f"Unknown part {unknown[0]!r}; parts: {', '.join(PARTS)}.\n")
        return 2
    start, begun = time.time(), machine()
    figures = run_parts(names, args.size, max(1, args.repeat), progress=sys.stderr)
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    head = [f"Rheinbot bench, {when}, {time.time() - start:.0f} s, parts: {', '.join(names)}, "
            f"median of {max(1, args.repeat)} runs, size {args.size:g}", ""]
    lines = head + table(figures) + ["", "Machine:"] + begun + \
        [f"- load average at the end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}"]
    out.write("\n".join(lines) + "\n")
    if args.results:
        write_results(Path(args.results), lines)
    return 1 if any(f.status == "error" for f in figures) else 0


NOTES = "\n## Notes"


def write_results(path: Path, lines: list[str]) -> None:
    """The table and machine; hand-written notes below a "## Notes" heading are kept."""
    kept = ""
    if path.exists():
        text = path.read_text(encoding="utf-8")
        kept = text[text.index(NOTES):] if NOTES in text else ""
    path.write_text("# Bench results\n\n" + "\n".join(lines) + "\n" + kept, encoding="utf-8")


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    return execute(parse(argv), out or sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
