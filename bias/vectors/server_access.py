"""What a dashboard visitor may make the server do, as chosen by the person who starts it.

The dashboard is meant to run on one server for a room of people, so its defaults are the safe
ones: a visitor can upload a vector file (of bounded size, never a pickle) and download the
official fastText vectors, and nothing else. Reading files on the server and fetching arbitrary
addresses are off unless the operator turns them on with an environment variable before starting
Streamlit; even then, addresses on the server's own network (loopback, link-local, private) stay
refused unless allowed as well. The command line is run by the server's own user and is not bound
by these settings. docs/security.md lists them with the settings for a room.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields

from bias.errors import BiasInputError

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off", "")


@dataclass(frozen=True)
class ServerAccess:
    """The operator's choices; every field is read from the environment variable in `ENV`."""

    paths: bool = False
    """Visitors may import a file by its path on the server (reveals which files exist)."""
    urls: bool = False
    """Visitors may import from any http(s) address (the server fetches it)."""
    private_addresses: bool = False
    """Those addresses may be on the server's own network (127.0.0.1, 10.x, 169.254.x, …)."""
    max_upload_mb: int = 100
    """The largest upload accepted (keep `server.maxUploadSize` in .streamlit/config.toml equal)."""
    import_memory_mb: int = 4096
    """Memory an import from the dashboard may use (its worker process is stopped beyond)."""
    import_seconds: int = 1800
    """How long an import from the dashboard may run before its worker process is stopped."""
    concurrent_imports: int = 1
    """How many dashboard imports may run at once; further visitors are asked to wait."""

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> ServerAccess:
        """The settings of this server: each field from its `ENV` variable, else its default."""
        environ = os.environ if environ is None else environ
        values: dict[str, object] = {}
        for item in fields(cls):
            text = environ.get(ENV[item.name])
            if text is None:
                continue
            values[item.name] = _parse(ENV[item.name], text.strip().lower(), item.default)
        return cls(**values)


ENV = {
    "paths": "BIASWORDS_ALLOW_PATHS",
    "urls": "BIASWORDS_ALLOW_URLS",
    "private_addresses": "BIASWORDS_ALLOW_PRIVATE_ADDRESSES",
    "max_upload_mb": "BIASWORDS_MAX_UPLOAD_MB",
    "import_memory_mb": "BIASWORDS_IMPORT_MEMORY_MB",
    "import_seconds": "BIASWORDS_IMPORT_SECONDS",
    "concurrent_imports": "BIASWORDS_CONCURRENT_IMPORTS",
}


def _parse(variable: str, text: str, default: object) -> bool | int:
    if isinstance(default, bool):
        if text in _TRUE or text in _FALSE:
            return text in _TRUE
        raise BiasInputError(f"{variable} must be 1 (on) or 0 (off), not '{text}'.")
    if text.isdigit() and 0 < int(text) < 10**9:
        return int(text)
    raise BiasInputError(f"{variable} must be a positive whole number, not '{text}'.")
