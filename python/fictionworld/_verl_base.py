"""veRL's tool interface: veRL's own classes when veRL is importable, else small stand-ins with the same interface.

The stand-ins follow veRL at b178a3c (github.com/volcengine/verl):

- ``BaseTool`` (verl/tools/base_tool.py): ``__init__(config, tool_schema)`` sets ``config``,
  ``tool_schema`` and ``name`` (``tool_schema.function.name``); async ``create(instance_id=None,
  **kwargs) -> (instance_id, ToolResponse)``, ``execute(instance_id, parameters, **kwargs) ->
  (ToolResponse, float, dict)``, ``calc_reward(instance_id, **kwargs) -> float``,
  ``release(instance_id, **kwargs) -> None``.
- ``ToolResponse`` (verl/tools/schemas.py): ``text``, ``image``, ``video``.
- ``OpenAIFunctionToolSchema`` (verl/tools/schemas.py), a pydantic model: ``model_validate`` keeps
  what that model keeps and nothing else. Its property model (``OpenAIFunctionPropertySchema``)
  declares only ``type: str``, ``description`` and ``enum: list[str]``; pydantic ignores other keys
  (``items``, ``minItems``, ``maxItems``, ``minimum``…), so they never reach the model's chat template.
  Parameters keep ``type``, ``properties`` and ``required`` (required has no default); the function
  keeps ``name``, ``description``, ``parameters`` and ``strict``. ``model_dump(exclude_unset=True,
  exclude_none=True)`` is what veRL's agent loop hands the chat template
  (verl/experimental/agent_loop/tool_agent_loop.py).
"""

from __future__ import annotations

from typing import Any, Optional
from uuid import uuid4

try:  # pragma: no cover - veRL cannot be installed in this repository's CI
    from verl.tools.base_tool import BaseTool  # type: ignore
    from verl.tools.schemas import OpenAIFunctionToolSchema, ToolResponse  # type: ignore

    HAVE_VERL = True
except ImportError:
    HAVE_VERL = False

    class _Model:
        """A tiny stand-in for a pydantic model: fields set, ``model_dump`` without unset or None fields."""

        def __init__(self, **fields: Any):
            self._set = dict(fields)
            for k, v in fields.items():
                setattr(self, k, v)

        def model_dump(self, exclude_unset: bool = False, exclude_none: bool = False) -> dict:
            def dump(v: Any) -> Any:
                if isinstance(v, _Model):
                    return v.model_dump(exclude_unset=exclude_unset, exclude_none=exclude_none)
                if isinstance(v, dict):
                    return {k: dump(x) for k, x in v.items()}
                if isinstance(v, list):
                    return [dump(x) for x in v]
                return v

            return {k: dump(v) for k, v in self._set.items() if not (exclude_none and v is None)}

    def _need(d: Any, key: str, kind: type, where: str) -> Any:
        if not isinstance(d, dict) or key not in d:
            raise ValueError(f"{where}: missing {key}")
        if not isinstance(d[key], kind):
            raise ValueError(f"{where}.{key}: expected {kind.__name__}")
        return d[key]

    def _kept(d: dict, keys: dict[str, type], where: str) -> dict:
        out = {}
        for k, kind in keys.items():
            if k in d and d[k] is not None:
                if not isinstance(d[k], kind):
                    raise ValueError(f"{where}.{k}: expected {kind.__name__}")
                out[k] = d[k]
        return out

    class OpenAIFunctionToolSchema(_Model):  # type: ignore[no-redef]
        """What veRL's OpenAIFunctionToolSchema keeps of a tool schema (see the module docstring)."""

        @classmethod
        def model_validate(cls, schema: dict) -> "OpenAIFunctionToolSchema":
            fn = _need(schema, "function", dict, "tool")
            props_in = _need(_need(fn, "parameters", dict, "function"), "properties", dict, "parameters") if "parameters" in fn else {}
            properties = {}
            for name, prop in props_in.items():
                _need(prop, "type", str, f"properties.{name}")
                kept = _kept(prop, {"type": str, "description": str, "enum": list}, f"properties.{name}")
                if "enum" in kept and not all(isinstance(e, str) for e in kept["enum"]):
                    raise ValueError(f"properties.{name}.enum: expected a list of strings")
                properties[name] = _Model(**kept)
            function_fields: dict[str, Any] = {"name": _need(fn, "name", str, "function"), "description": _need(fn, "description", str, "function")}
            if "parameters" in fn:
                p = fn["parameters"]
                function_fields["parameters"] = _Model(
                    type=_need(p, "type", str, "parameters"), properties=properties, required=list(_need(p, "required", list, "parameters"))
                )
            if "strict" in fn:
                function_fields["strict"] = bool(fn["strict"])
            function = _Model(**function_fields)
            return cls(type=_need(schema, "type", str, "tool"), function=function)

    class ToolResponse:  # type: ignore[no-redef]
        """The response of a tool call: text (and, in veRL, images or videos)."""

        def __init__(self, text: Optional[str] = None, image: Optional[list] = None, video: Optional[list] = None):
            self.text = text
            self.image = image
            self.video = video

        def __repr__(self) -> str:
            return f"ToolResponse(text={self.text!r})"

    class BaseTool:  # type: ignore[no-redef]
        """veRL's BaseTool interface (verl/tools/base_tool.py), without veRL."""

        def __init__(self, config: dict, tool_schema: Any):
            self.config = config
            self.tool_schema = tool_schema or self.get_openai_tool_schema()
            assert self.tool_schema is not None, "Tool schema is not set!"
            self.name = self.tool_schema.function.name

        def get_openai_tool_schema(self) -> Any:
            return self.tool_schema

        async def create(self, instance_id: Optional[str] = None, **kwargs: Any) -> tuple[str, ToolResponse]:
            return (instance_id if instance_id is not None else str(uuid4())), ToolResponse()

        async def execute(self, instance_id: str, parameters: dict[str, Any], **kwargs: Any) -> tuple[ToolResponse, float, dict]:
            return ToolResponse(text="Updated the tool state."), 0.0, {}

        async def calc_reward(self, instance_id: str, **kwargs: Any) -> float:
            return 0.0

        async def release(self, instance_id: str, **kwargs: Any) -> None:
            pass


__all__ = ["BaseTool", "OpenAIFunctionToolSchema", "ToolResponse", "HAVE_VERL"]
