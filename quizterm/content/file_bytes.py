"""Read a content file's bytes safely: regular files only, size-capped, clean UTF-8 text."""

from __future__ import annotations

import os
import re
import stat

MAX_BYTES = 16 * 1024 * 1024
"""Largest file read (a 10,000-question bank is about 5 MiB)."""

# C0 controls except tab/LF/CR, DEL, C1 controls, and bidi overrides/isolates, as UTF-8 bytes.
_RAW_CONTROL = re.compile(rb"[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xaa-\xae]|\xe2\x81[\xa6-\xa9]")


class ReadError(Exception):
    """A problem that stops the file from loading, at 1-based ``line``/``col``."""

    def __init__(self, line: int, col: int, message: str, key: str = ""):
        super().__init__(message)
        self.line, self.col, self.message, self.key = line, col, message, key


def read_bytes(path: os.PathLike | str, limit: int = MAX_BYTES) -> tuple[bytes, os.stat_result]:
    """Read a regular file without ever blocking on a FIFO or device; returns bytes and stat.

    Raises:
        ReadError: at 1:1 for anything that is not a readable regular file under ``limit``.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        what = "broken symbolic link" if os.path.islink(path) else "no such file"
        raise ReadError(1, 1, f"cannot read: {what}") from None
    except PermissionError:
        raise ReadError(1, 1, "cannot read: permission denied") from None
    except OSError as exc:
        raise ReadError(1, 1, f"cannot read: {exc.strerror or exc}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = "a directory" if stat.S_ISDIR(st.st_mode) else (
                "a FIFO" if stat.S_ISFIFO(st.st_mode) else "not a regular file")
            raise ReadError(1, 1, f"cannot read: this path is {kind}, not a YAML file")
        if st.st_size > limit:
            raise ReadError(1, 1, f"file is too large ({st.st_size:,} bytes; the limit is {limit:,})")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            total += len(chunk)
            if total > limit:  # the file grew while we read it
                raise ReadError(1, 1, f"file is too large (over {limit:,} bytes)")
            chunks.append(chunk)
        return b"".join(chunks), st
    except OSError as exc:
        raise ReadError(1, 1, f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of a byte offset."""
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    col = len(data[start:offset].decode("utf-8", "replace")) + 1
    return line, col


def check_encoding(data: bytes, controls: list[ReadError] | None = None) -> bytes:
    """Strip a UTF-8 BOM and refuse anything that is not clean UTF-8 text.

    Args:
        data: the file's bytes.
        controls: when given, every raw control character is appended to it as a
            :class:`ReadError` (instead of raising for the first) and written as ``_`` in the
            returned bytes, so the rest of the file can still be checked.

    Raises:
        ReadError: for UTF-16/32, NUL bytes and invalid UTF-8, at the offending position.
    """
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or (len(data) > 1 and (data[0] == 0 or data[1] == 0)):
        raise ReadError(1, 1, "file is UTF-16 or UTF-32 encoded; save it as UTF-8")
    nul = data.find(b"\0")
    if nul >= 0:
        line, col = _position(data, nul)
        raise ReadError(line, col, "file contains a NUL byte (is it a binary file?)")
    if controls is not None:
        for bad in _RAW_CONTROL.finditer(data):
            line, col = _position(data, bad.start())
            char = bad.group().decode("utf-8", "replace")
            controls.append(ReadError(line, col, f"a control character (U+{ord(char):04X}) is not allowed here; remove it"))
        if controls:
            data = _RAW_CONTROL.sub(b"_", data)
    bad = _RAW_CONTROL.search(data)
    if bad:
        line, col = _position(data, bad.start())
        char = bad.group().decode("utf-8", "replace")
        raise ReadError(line, col, f"a control character (U+{ord(char):04X}) is not allowed here; remove it")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _position(data, exc.start)
        raise ReadError(line, col, f"not valid UTF-8 (byte 0x{data[exc.start]:02x}); save the file as UTF-8") from None
    return data
