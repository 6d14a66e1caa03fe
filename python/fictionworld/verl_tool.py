"""A veRL tool over a fictionworld server: ``web_search`` and ``web_extractor`` in a session bound to the rollout's task.

Wiring (python/examples/verl_tool_config.yaml): one entry per tool, both of class
``fictionworld.verl_tool.FictionWorldTool``, with ``config.base_url`` (or ``FICTIONWORLD_URL``) and
``config.admin_token`` (or ``FICTIONWORLD_ADMIN_TOKEN``; binding a session to a task is an admin
action). Each record of ``fictionworld tasks export`` carries ``extra_info.tools_kwargs.<tool>.
create_kwargs = {"world": …, "task": …}``, which veRL passes to ``create``.

veRL's agent loop (verl/experimental/agent_loop/tool_agent_loop.py, ``_call_tool``) calls
``create(create_kwargs=…)``, ``execute(instance_id, args, agent_data=…)`` and ``release`` around
*every* tool call, so a tool instance lives for one call, not one rollout. The session therefore
belongs to the rollout: it is kept in ``agent_data.extra_fields`` (which veRL's AgentData offers "for
tool session data"), shared by both tools of the rollout, created at the rollout's first call and
closed when the rollout's AgentData is let go (or by the server's session TTL). Called without
``agent_data`` (an instance that lives for a rollout, as ``create(instance_id, **create_kwargs)``
callers use it), the instance owns its session and ``release`` closes it.
"""

from __future__ import annotations

import asyncio
import os
import threading
import weakref
from typing import Any, Optional
from uuid import uuid4

from ._verl_base import BaseTool, OpenAIFunctionToolSchema, ToolResponse
from .client import Client, FictionWorldError

TOOLS = ("web_search", "web_extractor")
_SESSIONS_KEY = "fictionworld_sessions"
_LOCK_KEY = "fictionworld_lock"


def _close_quietly(client: Client, session_id: str) -> None:
    try:
        client.close_session(session_id)
    except Exception:  # the session expires on the server anyway
        pass


def _close_in_background(client: Client, session_id: str) -> None:
    threading.Thread(target=_close_quietly, args=(client, session_id), daemon=True).start()


class FictionWorldTool(BaseTool):
    """veRL BaseTool: one fictionworld tool (``config.tool``, default the schema's function name)."""

    def __init__(self, config: dict, tool_schema: Any = None):
        super().__init__(config or {}, tool_schema)
        config = config or {}
        base_url = config.get("base_url") or os.environ.get("FICTIONWORLD_URL")
        if not base_url:
            raise ValueError("FictionWorldTool needs config.base_url (or FICTIONWORLD_URL), e.g. http://127.0.0.1:8080")
        self.tool = config.get("tool") or self.name
        if self.tool not in TOOLS:
            raise ValueError(f"config.tool must be one of {', '.join(TOOLS)} (the function name is {self.name!r})")
        self.client = Client(
            base_url,
            config.get("admin_token") or os.environ.get("FICTIONWORLD_ADMIN_TOKEN"),
            timeout=float(config.get("timeout", 30)),
            retries=int(config.get("retries", 5)),
        )
        self._instances: dict[str, dict[str, Any]] = {}

    def get_openai_tool_schema(self) -> Any:
        """The schema of the tool: the config's ``tool_schema``, else the packaged one for ``config.tool``."""
        if getattr(self, "tool_schema", None) is not None:
            return self.tool_schema
        from . import tool_schemas

        name = (self.config or {}).get("tool")
        schema = next((s for s in tool_schemas() if s["function"]["name"] == name), None)
        if schema is None:
            raise ValueError(f"without a tool_schema, config.tool must be one of {', '.join(TOOLS)}")
        return OpenAIFunctionToolSchema.model_validate(schema)

    async def create(self, instance_id: Optional[str] = None, **kwargs: Any) -> tuple[str, ToolResponse]:
        """Remember the world and task of ``create_kwargs`` (or of ``world=``/``task=`` keywords); no request yet."""
        bind = kwargs.get("create_kwargs") or {k: kwargs[k] for k in ("world", "task") if k in kwargs}
        world, task = bind.get("world"), bind.get("task")
        if not isinstance(world, str) or not world:
            raise ValueError("FictionWorldTool.create needs create_kwargs {'world': <world id>, 'task': <task id>}")
        if instance_id is None:
            instance_id = str(uuid4())
        self._instances[instance_id] = {"world": world, "task": task if isinstance(task, str) and task else None, "session": None}
        return instance_id, ToolResponse()

    async def _session(self, state: dict[str, Any], agent_data: Any) -> str:
        key = (state["world"], state["task"])
        extra = getattr(agent_data, "extra_fields", None)
        if not isinstance(extra, dict):
            if state["session"] is None:
                state["session"] = (await asyncio.to_thread(self.client.create_session, *key))["session"]
            return state["session"]
        lock = extra.setdefault(_LOCK_KEY, asyncio.Lock())
        async with lock:  # parallel calls of one rollout share one session
            sessions = extra.setdefault(_SESSIONS_KEY, {})
            if key not in sessions:
                sid = (await asyncio.to_thread(self.client.create_session, *key))["session"]
                sessions[key] = sid
                try:
                    weakref.finalize(agent_data, _close_in_background, self.client, sid)
                except TypeError:  # not weak-referenceable: the server's session TTL ends it
                    pass
            return sessions[key]

    async def execute(self, instance_id: str, parameters: dict[str, Any], **kwargs: Any) -> tuple[ToolResponse, float, dict]:
        """One call of the tool in the rollout's session: the observation text, step reward 0, and metrics."""
        state = self._instances[instance_id]
        try:
            session = await self._session(state, kwargs.get("agent_data"))
            text = await asyncio.to_thread(self.client.call, self.tool, parameters, session=session)
        except FictionWorldError as e:
            if e.status in (400, 404, 413):  # the model's arguments (or an expired session): it reads why
                return ToolResponse(text=f"Error: {e.message}"), 0.0, {"tool": self.tool, "error": e.code}
            raise
        return ToolResponse(text=text), 0.0, {"tool": self.tool}

    async def calc_reward(self, instance_id: str, **kwargs: Any) -> float:
        """The reward of ``answer=`` (the agent's reply) for the instance's task via /v1/score; 0.0 without an answer.

        The tool sees tool calls, not the final reply: the episode's reward is the reward function's
        (fictionworld.reward.compute_score).
        """
        answer = kwargs.get("answer")
        state = self._instances[instance_id]
        if not isinstance(answer, str) or state["task"] is None:
            return 0.0
        result = await asyncio.to_thread(self.client.score_one, state["world"], state["task"], answer)
        return float(result["reward"])

    async def release(self, instance_id: str, **kwargs: Any) -> None:
        """Forget the instance; close its session if it owned one (a rollout's session outlives its calls)."""
        state = self._instances.pop(instance_id, None)
        if state and state["session"] is not None:
            await asyncio.to_thread(_close_quietly, self.client, state["session"])
