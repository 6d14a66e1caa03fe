"""A client of a fictionworld server (``fictionworld serve``), standard library only.

Every call is one HTTP request made with :mod:`urllib`. A request is retried, after a pause, only on
what a client must retry: 429 (waiting what ``Retry-After`` says), 502, 503 and 504 (waiting
``Retry-After`` when given, else an exponential backoff), and a refused connection (a server still
starting or a replica restarting). Every other failure is raised at once as :class:`FictionWorldError`
with the server's one-line message: a 400 is a bad request and retrying it gives the same 400.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence

RETRY_STATUSES = frozenset({429, 502, 503, 504})


class FictionWorldError(Exception):
    """A request the server refused or could not answer: ``status`` (0 when no reply), ``code`` and ``message``."""

    def __init__(self, status: int, code: str, message: str):
        super().__init__(f"{status} {code}: {message}" if status else f"{code}: {message}")
        self.status = status
        self.code = code
        self.message = message


def _connection_refused(e: urllib.error.URLError) -> bool:
    reason = getattr(e, "reason", None)
    return isinstance(reason, ConnectionRefusedError) or (isinstance(reason, OSError) and reason.errno == 111)


def _retry_after(headers: Any) -> Optional[float]:
    value = headers.get("Retry-After") if headers is not None else None
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None  # an HTTP date: fall back to the backoff


def _error_of(status: int, body: bytes) -> FictionWorldError:
    try:
        err = json.loads(body.decode("utf-8"))["error"]
        return FictionWorldError(status, str(err["code"]), str(err["message"]))
    except (ValueError, KeyError, TypeError):
        return FictionWorldError(status, "HTTP_ERROR", body.decode("utf-8", "replace")[:300] or f"HTTP {status}")


class Client:
    """``Client("http://127.0.0.1:8080", admin_token=None)``: sessions, search, open, call, retrieve and score.

    ``admin_token`` is sent as ``Authorization: Bearer …`` on every request (needed for binding a
    session to a task and for scoring when the server has ``--admin-token``).
    """

    def __init__(
        self,
        base_url: str,
        admin_token: Optional[str] = None,
        *,
        timeout: float = 30.0,
        retries: int = 5,
        backoff: float = 0.5,
        max_wait: float = 30.0,
        sleep: Callable[[float], None] = time.sleep,
    ):
        self.base_url = base_url.rstrip("/")
        self.admin_token = admin_token
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.max_wait = max_wait
        self._sleep = sleep

    # -- transport -----------------------------------------------------------------------------

    def _url(self, path: str, query: Optional[Mapping[str, Any]] = None) -> str:
        q = {k: v for k, v in (query or {}).items() if v is not None}
        return f"{self.base_url}{path}" + (f"?{urllib.parse.urlencode(q)}" if q else "")

    def request(self, method: str, path: str, body: Any = None, query: Optional[Mapping[str, Any]] = None) -> tuple[int, bytes, str]:
        """One request with the retries above; returns (status, body bytes, content type) of a 2xx reply."""
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = {"Accept": "application/json, text/plain"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        if self.admin_token:
            headers["Authorization"] = f"Bearer {self.admin_token}"
        url = self._url(path, query)
        attempt = 0
        while True:
            req = urllib.request.Request(url, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as res:
                    return res.status, res.read(), res.headers.get("Content-Type", "")
            except urllib.error.HTTPError as e:
                body_bytes = e.read()
                if e.code not in RETRY_STATUSES or attempt >= self.retries:
                    raise _error_of(e.code, body_bytes) from None
                wait = _retry_after(e.headers)
            except urllib.error.URLError as e:
                if not _connection_refused(e) or attempt >= self.retries:
                    raise FictionWorldError(0, "UNREACHABLE", f"{url.split('?')[0]}: {e.reason}") from None
                wait = None
            self._sleep(min(self.max_wait, wait if wait is not None else self.backoff * (2**attempt)))
            attempt += 1

    def _json(self, method: str, path: str, body: Any = None, query: Optional[Mapping[str, Any]] = None) -> Any:
        _, raw, _ = self.request(method, path, body, query)
        return json.loads(raw.decode("utf-8"))

    @staticmethod
    def _target(session: Optional[str], world: Optional[str]) -> dict[str, Optional[str]]:
        if (session is None) == (world is None):
            raise ValueError("name a session or a world (one of them)")
        return {"session": session, "world": world}

    def _tool(self, path: str, body: Mapping[str, Any], session: Optional[str], world: Optional[str], format: str) -> Any:
        if format not in ("text", "json"):
            raise ValueError("format must be text or json")
        _, raw, _ = self.request("POST", path, dict(body), {**self._target(session, world), "format": format})
        text = raw.decode("utf-8")
        return text if format == "text" else json.loads(text)

    # -- the API -------------------------------------------------------------------------------

    def health(self) -> dict:
        return self._json("GET", "/health")

    def worlds(self, offset: int = 0, limit: int = 1000) -> dict:
        return self._json("GET", "/v1/worlds", query={"offset": offset, "limit": limit})

    def tasks(self, world: str) -> list[dict]:
        """Admin: the world's tasks (ids, kinds, questions; no answers)."""
        return self._json("GET", f"/v1/worlds/{urllib.parse.quote(world, safe='')}/tasks")["tasks"]

    def task(self, world: str, task: str) -> dict:
        """Admin: one task with its answer."""
        return self._json("GET", f"/v1/worlds/{urllib.parse.quote(world, safe='')}/tasks/{urllib.parse.quote(task, safe='')}")["task"]

    def create_session(
        self, world: str, task: Optional[str] = None, *, seed: Optional[int] = None, profile: Any = None, open: Optional[str] = None
    ) -> dict:
        """A session over ``world``, bound to ``task`` when given (then the leakage guard is on); returns its description (``session`` is its id)."""
        body = {k: v for k, v in {"world": world, "task": task, "seed": seed, "profile": profile, "open": open}.items() if v is not None}
        return self._json("POST", "/v1/sessions", body)

    def session(self, session_id: str) -> dict:
        return self._json("GET", f"/v1/sessions/{urllib.parse.quote(session_id, safe='')}")

    def close_session(self, session_id: str) -> bool:
        """Close a session; False when it was already gone (closed or expired)."""
        try:
            self._json("DELETE", f"/v1/sessions/{urllib.parse.quote(session_id, safe='')}")
            return True
        except FictionWorldError as e:
            if e.status == 404:
                return False
            raise

    def search(
        self,
        query: Optional[str] = None,
        *,
        queries: Optional[Sequence[str]] = None,
        page: Optional[int] = None,
        session: Optional[str] = None,
        world: Optional[str] = None,
        format: str = "text",
    ) -> Any:
        """``web_search`` with one ``query`` or a batch of ``queries``: the observation text (or its JSON with ``format="json"``)."""
        if (query is None) == (queries is None):
            raise ValueError("give query or queries (one of them)")
        body: dict[str, Any] = {"query": query} if query is not None else {"queries": list(queries or [])}
        if page is not None:
            body["page"] = page
        return self._tool("/v1/search", body, session, world, format)

    def open(self, url: str, *, session: Optional[str] = None, world: Optional[str] = None, format: str = "text") -> Any:
        """``web_extractor``: the page at ``url``."""
        return self._tool("/v1/open", {"url": url}, session, world, format)

    def call(self, name: str, arguments: Any, *, session: Optional[str] = None, world: Optional[str] = None, format: str = "text") -> Any:
        """Any tool call ``{name, arguments}`` (arguments as an object or a JSON string, as models send them)."""
        return self._tool("/v1/call", {"name": name, "arguments": arguments}, session, world, format)

    def retrieve(
        self,
        queries: Sequence[str],
        topk: Optional[int] = None,
        *,
        return_scores: bool = True,
        session: Optional[str] = None,
        world: Optional[str] = None,
        sessions: Optional[Sequence[str]] = None,
        worlds: Optional[Sequence[str]] = None,
    ) -> list:
        """Search-R1's ``/retrieve``: one list of documents per query (``result``)."""
        body: dict[str, Any] = {"queries": list(queries), "return_scores": return_scores}
        if topk is not None:
            body["topk"] = topk
        if sessions is not None:
            body["sessions"] = list(sessions)
        if worlds is not None:
            body["worlds"] = list(worlds)
        return self._json("POST", "/retrieve", body, {"session": session, "world": world})["result"]

    def score(self, items: Iterable[Mapping[str, str]]) -> list[dict]:
        """Rewards for ``[{"world", "task", "answer"}, …]``: one result per item, in order, each the ``score --json`` object or ``{"error": {...}}``."""
        return self._json("POST", "/v1/score", {"items": [dict(i) for i in items]})["results"]

    def score_one(self, world: str, task: str, answer: str) -> dict:
        """The reward of one reply; raises FictionWorldError when the item cannot be scored."""
        (result,) = self.score([{"world": world, "task": task, "answer": answer}])
        if "error" in result:
            raise FictionWorldError(200, result["error"]["code"], result["error"]["message"])
        return result
