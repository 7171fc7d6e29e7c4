"""/game import's bounds on an upload: size, inflated size, nesting; each refusal says which
bound, in English and German."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from bot import imports
from engine.text import say, text_of

EXPORT = Path(__file__).parent / "fixtures" / "18rhl" / "rhl_gen_3p_31001.json.gz"


def refusal(raw: bytes, lang: str = "en") -> str:
    with pytest.raises(imports.BadExport) as refused:
        imports.decode_export(raw)
    return say(text_of(refused.value), lang)


def test_a_real_export_is_within_every_bound() -> None:
    raw = EXPORT.read_bytes()
    inflated = gzip.decompress(raw)
    assert imports.json_depth(inflated) <= imports.MAX_DEPTH
    assert imports.decode_export(raw) == json.loads(inflated)


def test_each_bound_is_refused_with_its_own_message() -> None:
    assert "8 MiB" in refusal(b" " * (imports.MAX_UPLOAD + 1))
    assert "32 MiB" in refusal(gzip.compress(b" " * (imports.MAX_INFLATED + 1), 1), "en")
    assert "beschädigt" in refusal(gzip.compress(b'{"a": 1}')[:-6], "de")
    deep = "[" * (imports.MAX_DEPTH + 1) + "]" * (imports.MAX_DEPTH + 1)
    assert "Ebenen" in refusal(deep.encode(), "de")


def test_brackets_inside_strings_do_not_count() -> None:
    text = json.dumps({"a": "[[[[" * 50, "b": ["\\\"]]"]})
    assert imports.json_depth(text.encode()) == 2
    assert imports.inflate(gzip.compress(b"abc" * 1000)) == b"abc" * 1000
