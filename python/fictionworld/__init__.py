"""fictionworld for Python trainers: a client of ``fictionworld serve``, a veRL tool and a veRL reward function.

Standard library only. ``Client`` talks to the server; ``fictionworld.verl_tool.FictionWorldTool`` is
a veRL tool (veRL's BaseTool when veRL is installed, a stand-in with its interface otherwise);
``fictionworld.reward.compute_score`` is a veRL ``custom_reward_function``. See docs/python.md.
"""

from .client import Client, FictionWorldError, RETRY_STATUSES
from .reward import compute_score, compute_score_batch

__all__ = ["Client", "FictionWorldError", "RETRY_STATUSES", "compute_score", "compute_score_batch", "tool_schemas"]
__version__ = "0.3.0"


def tool_schemas() -> list:
    """The OpenAI tool schemas of web_search and web_extractor, as veRL's schema model keeps them."""
    import json
    from importlib import resources

    return json.loads(resources.files(__package__).joinpath("tool_schemas.json").read_text(encoding="utf-8"))
