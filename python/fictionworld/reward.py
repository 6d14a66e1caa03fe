"""veRL reward functions that score replies with a fictionworld server's ``POST /v1/score``.

``compute_score(data_source, solution_str, ground_truth, extra_info=None, **kwargs)`` is the signature
of veRL's ``custom_reward_function`` (verl/trainer/ppo/reward.py ``get_custom_reward_fn``, called by
verl/workers/reward_manager/naive.py with those four keywords plus the config's ``reward_kwargs``). It
returns the reward as a float, or with ``return_dict=True`` a dict ``{"score", "f1", "exact"}`` (veRL
reads ``score`` and logs the rest). ``compute_score_batch`` is the batch form
(verl/workers/reward_manager/batch.py: ``data_sources``, ``solution_strs``, ``ground_truths``,
``extra_infos``), one HTTP call for the whole batch.

The server is ``base_url`` (a reward kwarg) or ``FICTIONWORLD_URL``; scoring is an admin action, so
``admin_token`` or ``FICTIONWORLD_ADMIN_TOKEN`` when the server has one. The world and task come from
``extra_info`` (``world_id``, ``task_id``, as ``fictionworld tasks export`` writes them). An item the
server cannot score (unknown world or task) raises: a silent 0 would train on a wrong reward.
"""

from __future__ import annotations

import os
import threading
from typing import Any, Mapping, Optional, Sequence, Union

from .client import Client, FictionWorldError

_clients: dict[tuple[str, Optional[str]], Client] = {}
_lock = threading.Lock()


def _client(base_url: Optional[str], admin_token: Optional[str]) -> Client:
    url = base_url or os.environ.get("FICTIONWORLD_URL")
    if not url:
        raise ValueError("set reward_kwargs.base_url (or FICTIONWORLD_URL) to the fictionworld server, e.g. http://127.0.0.1:8080")
    token = admin_token or os.environ.get("FICTIONWORLD_ADMIN_TOKEN")
    with _lock:
        return _clients.setdefault((url, token), Client(url, token))


def _item(extra_info: Optional[Mapping[str, Any]], solution_str: str) -> dict[str, str]:
    info = extra_info or {}
    world, task = info.get("world_id"), info.get("task_id")
    if not isinstance(world, str) or not isinstance(task, str):
        raise ValueError("extra_info needs world_id and task_id (as `fictionworld tasks export` writes them)")
    return {"world": world, "task": task, "answer": solution_str if isinstance(solution_str, str) else str(solution_str)}


def _reward(result: Mapping[str, Any], return_dict: bool) -> Union[float, dict]:
    if "error" in result:
        err = result["error"]
        raise FictionWorldError(200, err["code"], err["message"])
    if return_dict:
        return {"score": float(result["reward"]), "f1": float(result["f1"]), "exact": 1.0 if result["exact"] else 0.0}
    return float(result["reward"])


def compute_score(
    data_source: str,
    solution_str: str,
    ground_truth: Any,
    extra_info: Optional[Mapping[str, Any]] = None,
    *,
    base_url: Optional[str] = None,
    admin_token: Optional[str] = None,
    return_dict: bool = False,
    **kwargs: Any,
) -> Union[float, dict]:
    """The reward of one reply (its last ``<answer>…</answer>`` block) for the task named in ``extra_info``."""
    (result,) = _client(base_url, admin_token).score([_item(extra_info, solution_str)])
    return _reward(result, return_dict)


def compute_score_batch(
    data_sources: Sequence[str],
    solution_strs: Sequence[str],
    ground_truths: Sequence[Any],
    extra_infos: Sequence[Optional[Mapping[str, Any]]],
    *,
    base_url: Optional[str] = None,
    admin_token: Optional[str] = None,
    return_dict: bool = False,
    max_items: int = 8192,
    **kwargs: Any,
) -> list:
    """Rewards of many replies, ``max_items`` per call to /v1/score (the server's cap)."""
    client = _client(base_url, admin_token)
    items = [_item(e, s) for s, e in zip(solution_strs, extra_infos)]
    out: list = []
    for i in range(0, len(items), max_items):
        out.extend(_reward(r, return_dict) for r in client.score(items[i : i + max_items]))
    return out
