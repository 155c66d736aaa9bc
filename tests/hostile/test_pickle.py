"""Item 1: a stranger's gensim pickle never runs code; the command line needs --trust-pickle."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bias.cli import main
from bias.errors import BiasInputError
from bias.vectors import store, visitor
from bias.vectors.download import import_embedding
from bias.vectors.server_access import ServerAccess
from tests.hostile.helpers import code_running_pickle


@pytest.mark.parametrize("filename", ["vectors.kv", "model.model", "x.wv", "VECTORS.KV"])
def test_an_uploaded_pickle_is_refused_and_runs_nothing(tmp_path: Path, filename: str) -> None:
    marker = tmp_path / "code-ran"
    data = code_running_pickle(tmp_path / "evil", marker).read_bytes()
    with pytest.raises(BiasInputError, match="a Python pickle that can run any code"):
        visitor.import_upload(
            data, filename, name="evil", language="en", limit=10, access=ServerAccess()
        )
    assert not marker.exists()
    assert store.list_cached() == []


def test_the_engine_refuses_a_pickle_without_trust(tmp_path: Path) -> None:
    marker = tmp_path / "code-ran"
    path = code_running_pickle(tmp_path / "evil.kv", marker)
    with pytest.raises(BiasInputError, match="--trust-pickle"):
        import_embedding(path, name="evil", language="en")
    assert main(["import", str(path), "--name", "evil", "--language", "en", "--quiet"]) == 2
    assert not marker.exists()


def test_a_pickle_disguised_as_text_vectors_is_parsed_as_text(tmp_path: Path) -> None:
    marker = tmp_path / "code-ran"
    data = code_running_pickle(tmp_path / "evil", marker).read_bytes()
    with pytest.raises(BiasInputError):
        visitor.import_upload(
            data, "innocent.vec", name="evil", language="en", limit=10, access=ServerAccess()
        )
    assert not marker.exists()


def test_the_command_line_opens_a_trusted_pickle_with_a_warning(tmp_path: Path, capsys) -> None:
    from gensim.models import KeyedVectors

    kv = KeyedVectors(4)
    kv.add_vectors(["a", "b", "c"], np.eye(3, 4, dtype=np.float32) + 0.1)
    path = tmp_path / "mine.kv"
    kv.save(str(path))
    argv = ["import", str(path), "--name", "mine", "--language", "en", "--quiet"]
    assert main([*argv, "--trust-pickle"]) == 0
    assert "Warning: --trust-pickle opens gensim files as Python pickles" in capsys.readouterr().err
    assert [info.name for info in store.list_cached()] == ["mine"]
