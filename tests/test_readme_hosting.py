"""The README says how to host the bot without losing its games: an SQLite file on a PaaS's
ephemeral disk vanished at every redeploy and nothing said so; nor did anything show a
systemd unit, a container's volume, the resources needed or PostgreSQL's URL forms. The
URL forms shown are ones the bot takes, and .env.example carries the same hints."""

from __future__ import annotations

import re
from pathlib import Path

from bot.store import check_target, is_postgres, shown

ROOT = Path(__file__).resolve().parent.parent


def section(text: str, title: str) -> str:
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else None]


def test_the_hosting_section_covers_each_way_to_host():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    hosting = " ".join(section(readme, "Hosting").split())  # a phrase may wrap
    for words in ("ephemeral disk", "persistent volume", "DATABASE_URL", "WorkingDirectory=",
                  "EnvironmentFile=", "Restart=on-failure", "SIGTERM", "-v rheinbot-data:/data",
                  "MB resident", "each finished game adds", "sslmode=require", "?host=/var/run/postgresql",
                  "created new and empty"):
        assert words in hosting, words
    # after the sections on running the bot and its database; the first commands stay first
    assert readme.index("## Backup, restore and scaling out") < readme.index("## Hosting")
    assert readme.index("rheinbot demo rhein") < readme.index("## Contents")
    assert "- [Hosting](#hosting)" in section(readme, "Contents")


def test_the_postgres_urls_shown_are_taken():
    hosting = section((ROOT / "README.md").read_text(encoding="utf-8"), "Hosting")
    urls = re.findall(r"`(postgres(?:ql)?://[^`\s]+)`", hosting)
    assert len(urls) >= 2, urls
    for url in urls:
        check_target(url)  # raises for a scheme the bot does not know
        assert is_postgres(url)
        assert "secret" not in shown(url)


def test_env_example_has_the_same_hints():
    example = " ".join((ROOT / ".env.example").read_text(encoding="utf-8").split())
    for words in ("WorkingDirectory", "ephemeral", "persistent volume", "sslmode=require",
                  "?host=/var/run/postgresql", "exit code 4"):
        assert words in example, words
