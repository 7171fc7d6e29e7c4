"""A throwaway PostgreSQL cluster for the tests and the store bench.

``initdb`` and ``pg_ctl`` come from PATH or ``/usr/lib/postgresql/*/bin`` (Debian's layout,
newest version first). The cluster lives in a temporary folder, listens on 127.0.0.1 only,
on a free port, with no Unix socket, and keeps the server's durability settings as shipped
(fsync and synchronous_commit on): a figure or a test on it sees what a real server does.
initdb refuses to run as root, so under root the cluster runs as the ``postgres`` system user
(``runuser``), which owns the folder.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

USER = "rheinbot"
DATABASE = "rheinbot"


def find_bindir() -> Path | None:
    """The folder with initdb and pg_ctl, or None when PostgreSQL is not installed.
    ``RHEINBOT_PG_BINDIR`` names it outright (a PostgreSQL built elsewhere)."""
    named = os.environ.get("RHEINBOT_PG_BINDIR")
    if named is not None:
        return Path(named) if (Path(named) / "initdb").exists() else None
    found = shutil.which("initdb")
    if found:  # often a link into the version's folder, which has the other tools too
        folder = Path(found).resolve().parent
        if (folder / "pg_ctl").exists() and (folder / "createdb").exists():
            return folder

    def version(folder: str) -> tuple[int, ...]:
        name = Path(folder).parent.name
        return tuple(int(part) for part in name.split(".") if part.isdigit())

    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=version, reverse=True):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Cluster:
    """``start()`` makes and starts the cluster, ``stop()`` stops it and deletes its folder;
    ``url`` is its database's ``postgresql://`` URL."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.folder: Path | None = None
        self.port = 0
        self.running = False
        # initdb will not run as root: run the cluster as the postgres system user.
        self.runas = "postgres" if os.geteuid() == 0 else None

    @property
    def url(self) -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{DATABASE}"

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.runas:
            command = ["runuser", "-u", self.runas, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}):\n"
                               f"{done.stdout}\n{done.stderr}")
        return done

    def start(self) -> Cluster:
        try:
            return self._start()
        except BaseException:
            self.stop()
            raise

    def _start(self) -> Cluster:
        self.folder = Path(tempfile.mkdtemp(prefix="rheinbot-pg-"))
        if self.runas:
            owner = pwd.getpwnam(self.runas)
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
        data = self.folder / "data"
        # --no-sync: initdb skips flushing its template files (a throwaway folder); the
        # server it then starts keeps fsync on for every commit.
        self._run("initdb", "-D", str(data), "-U", USER, "-A", "trust", "-E", "UTF8",
                  "--no-sync", "--no-instructions")
        for attempt in range(3):
            self.port = _free_port()
            try:
                self._pg_ctl_start()
                break
            except RuntimeError:
                if attempt == 2:  # the free port was taken meanwhile, or a real failure
                    raise
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", USER, DATABASE)
        return self

    def _pg_ctl_start(self) -> None:
        assert self.folder is not None
        # syncfs: the recovery after a crash flushes the file system once instead of every
        # file of the cluster one by one (initdb --no-sync left them unflushed).
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} "
                   "-c unix_socket_directories='' -c max_connections=200 "
                   "-c recovery_init_sync_method=syncfs")
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-l",
                  str(self.folder / "server.log"), "-w", "-t", "60", "-o", options, "start")
        self.running = True

    def crash_and_restart(self) -> None:
        """Stop the server the way a crash does (``-m immediate``: no checkpoint, what the
        last commits wrote is only in the WAL) and start it again on the same port."""
        assert self.folder is not None
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
        self.running = False
        self._pg_ctl_start()

    def stop(self) -> None:
        if self.folder is None:
            return
        if self.running:
            # immediate: no shutdown checkpoint (seconds of fsync) for data about to be deleted
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w",
                      "stop")
            self.running = False
        # Deleting a cluster's thousands of files took 8 s on this machine's shared disk:
        # a process of its own deletes them while the caller (a test session) goes on.
        subprocess.Popen(["rm", "-rf", "--", str(self.folder)], stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
        self.folder = None
