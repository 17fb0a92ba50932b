"""Read the notes of an Anki package (.apkg/.colpkg): legacy and current collection schemas."""

from __future__ import annotations

import json
import sqlite3
import tempfile
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from quizterm.interop.errors import InteropError

_CLOZE_MARK = b"{{cloze:"
# Newest first: a package made for newer Anki keeps a stub "please update" collection.anki2.
_COLLECTIONS = ("collection.anki21b", "collection.anki21", "collection.anki2")
_MAX_COLLECTION = 512 * 1024 * 1024


@dataclass
class AnkiNote:
    """One note: its notetype, fields by name (HTML as stored), tags, deck and number of cards."""

    guid: str
    notetype: str
    field_names: list[str]
    fields: list[str]
    tags: list[str]
    deck: str
    cards: int
    cloze: bool

    def field(self, name: str) -> str:
        """The field called ``name`` ('' if the notetype has none)."""
        try:
            return self.fields[self.field_names.index(name)]
        except ValueError:
            return ""


@dataclass
class _Notetype:
    name: str
    fields: list[str] = field(default_factory=list)
    cloze: bool = False


def read_package(path: Path) -> list[AnkiNote]:
    """Every note in the package at ``path``, in note id order.

    Raises:
        InteropError: not a zip, no collection inside, a damaged collection, or unreadable.
    """
    try:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
            member = next((n for n in _COLLECTIONS if n in names), None)
            if member is None:
                raise InteropError(f"{path}: not an Anki package (no collection inside)")
            info = archive.getinfo(member)
            if info.file_size > _MAX_COLLECTION:
                raise InteropError(f"{path}: the collection is too large ({info.file_size} bytes)")
            data = archive.read(member)
    except (zipfile.BadZipFile, zipfile.LargeZipFile):
        raise InteropError(f"{path}: not an Anki package (not a zip file)") from None
    except (EOFError, zlib.error, NotImplementedError, RuntimeError, ValueError) as exc:
        # A damaged member: truncated deflate stream, bad CRC, unknown compression, encryption.
        raise InteropError(f"{path}: damaged Anki package ({exc})") from None
    except OSError as exc:
        raise InteropError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if member.endswith("b"):
        data = _unzstd(path, data)
    with tempfile.TemporaryDirectory(prefix="quizterm-anki-") as tmp:
        db = Path(tmp) / "collection.sqlite"
        db.write_bytes(data)
        try:
            con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
            try:
                return _notes(con)
            finally:
                con.close()
        except (sqlite3.DatabaseError, ValueError, KeyError, TypeError) as exc:
            raise InteropError(f"{path}: damaged Anki collection ({exc})") from None


def _unzstd(path: Path, data: bytes) -> bytes:
    try:
        import zstandard
    except ImportError:  # pragma: no cover - zstandard is a runtime dependency
        raise InteropError(f"{path}: this package needs the 'zstandard' module to read") from None
    try:
        reader = zstandard.ZstdDecompressor().stream_reader(data)
        out = reader.read(_MAX_COLLECTION + 1)
    except zstandard.ZstdError as exc:
        raise InteropError(f"{path}: damaged Anki collection ({exc})") from None
    if len(out) > _MAX_COLLECTION:
        raise InteropError(f"{path}: the collection is too large")
    return out


def _tables(con: sqlite3.Connection) -> set[str]:
    return {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _notes(con: sqlite3.Connection) -> list[AnkiNote]:
    if "notetypes" in _tables(con):
        notetypes, decks = _schema18(con)
    else:
        notetypes, decks = _schema11(con)
    cards: dict[int, tuple[int, int]] = {}  # note id -> (number of cards, deck of the first)
    for nid, did, count in con.execute(
        "SELECT nid, did, COUNT(*) FROM cards GROUP BY nid ORDER BY nid"
    ):
        cards[nid] = (count, did)
    notes = []
    for nid, guid, mid, tags, flds in con.execute("SELECT id, guid, mid, tags, flds FROM notes ORDER BY id"):
        kind = notetypes.get(mid) or _Notetype(name=f"notetype {mid}")
        values = str(flds).split("\x1f")
        names = kind.fields if len(kind.fields) == len(values) else [f"Field {i + 1}" for i in range(len(values))]
        count, did = cards.get(nid, (0, 0))
        notes.append(AnkiNote(
            guid=str(guid), notetype=kind.name, field_names=names, fields=values,
            tags=str(tags).split(), deck=decks.get(did, "Default"), cards=count,
            cloze=kind.cloze,
        ))
    return notes


def _schema11(con: sqlite3.Connection) -> tuple[dict[int, _Notetype], dict[int, str]]:
    models_json, decks_json = con.execute("SELECT models, decks FROM col").fetchone()
    notetypes = {}
    for mid, model in json.loads(models_json or "{}").items():
        names = [f["name"] for f in sorted(model.get("flds", []), key=lambda f: f.get("ord", 0))]
        notetypes[int(mid)] = _Notetype(model.get("name", ""), names, model.get("type") == 1)
    decks = {int(did): d.get("name", "") for did, d in json.loads(decks_json or "{}").items()}
    return notetypes, decks


def _schema18(con: sqlite3.Connection) -> tuple[dict[int, _Notetype], dict[int, str]]:
    notetypes = {ntid: _Notetype(str(name)) for ntid, name in con.execute("SELECT id, name FROM notetypes")}
    for ntid, name in con.execute("SELECT ntid, name FROM fields ORDER BY ntid, ord"):
        if ntid in notetypes:
            notetypes[ntid].fields.append(str(name))
    # The notetype's kind sits in a protobuf blob; a cloze template is the reliable sign.
    for ntid, config in con.execute("SELECT ntid, config FROM templates"):
        if ntid in notetypes and _CLOZE_MARK in bytes(config or b""):
            notetypes[ntid].cloze = True
    decks = {did: str(name).replace("\x1f", "::") for did, name in con.execute("SELECT id, name FROM decks")}
    return notetypes, decks
