"""The veRL tool against a live server, driven as veRL's agent loop drives it
(verl/experimental/agent_loop/tool_agent_loop.py `_call_tool`: create(create_kwargs=…), execute(id, args, agent_data=…), release(id))."""

import asyncio
import gc
import time
import unittest

from fictionworld import FictionWorldError, tool_schemas
from fictionworld._verl_base import OpenAIFunctionToolSchema
from fictionworld.verl_tool import FictionWorldTool

from .live import TOKEN, URL, client, first_task


class AgentData:
    """The part of veRL's AgentData a tool sees: request_id and extra_fields."""

    def __init__(self, request_id):
        self.request_id = request_id
        self.extra_fields = {}


def make_tools():
    config = {"type": "native", "base_url": URL, "admin_token": TOKEN}
    return {s["function"]["name"]: FictionWorldTool(config, OpenAIFunctionToolSchema.model_validate(s)) for s in tool_schemas()}


async def call_tool(tool, tools_kwargs, args, agent_data):
    """What veRL's ToolAgentLoop._call_tool does around one call."""
    instance_id, _ = await tool.create(create_kwargs=tools_kwargs.get(tool.name, {}).get("create_kwargs", {}))
    try:
        return await tool.execute(instance_id, args, agent_data=agent_data)
    finally:
        await tool.release(instance_id)


def wait_closed(c, sid, seconds=10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            c.session(sid)
        except FictionWorldError as e:
            if e.status == 404:
                return True
            raise
        time.sleep(0.05)
    return False


class VerlToolTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.world, cls.task = first_task()
        bind = {"create_kwargs": {"world": cls.world, "task": cls.task["id"]}}
        cls.tools_kwargs = {"web_search": bind, "web_extractor": bind}
        cls.c = client()

    def test_one_bound_session_per_rollout_shared_by_both_tools(self):
        tools = make_tools()
        self.assertEqual(set(tools), {"web_search", "web_extractor"})

        async def rollout(request_id):
            data = AgentData(request_id)
            r1, reward, metrics = await call_tool(tools["web_search"], self.tools_kwargs, {"query": self.task["question"]}, data)
            url = next(line[4:] for line in r1.text.splitlines() if line.startswith("[1] "))
            r2, _, _ = await call_tool(tools["web_extractor"], self.tools_kwargs, {"url": url}, data)
            # parallel calls in one turn share the session too
            await asyncio.gather(*(call_tool(tools["web_search"], self.tools_kwargs, {"queries": ["price", "battery"]}, data) for _ in range(3)))
            return data, r1, r2, reward, metrics

        async def two_rollouts():
            return await asyncio.gather(rollout("a"), rollout("b"))

        (a, r1, r2, reward, metrics), (b, *_) = asyncio.run(two_rollouts())
        self.assertTrue(r1.text.startswith("Results for "))
        self.assertIn("\n", r2.text)
        self.assertEqual((reward, metrics), (0.0, {"tool": "web_search"}))
        (sa,) = a.extra_fields["fictionworld_sessions"].values()
        (sb,) = b.extra_fields["fictionworld_sessions"].values()
        self.assertNotEqual(sa, sb)
        described = self.c.session(sa)
        self.assertEqual((described["world"], described["task"], described["calls"]), (self.world, self.task["id"], 5))
        # every instance was released; the sessions live as long as their rollouts
        self.assertEqual(tools["web_search"]._instances, {})
        del a, b
        gc.collect()
        self.assertTrue(wait_closed(self.c, sa))
        self.assertTrue(wait_closed(self.c, sb))

    def test_an_instance_without_agent_data_owns_its_session(self):
        tool = make_tools()["web_search"]

        async def run():
            iid, _ = await tool.create("rollout-1", world=self.world, task=self.task["id"])
            out, _, _ = await tool.execute(iid, {"query": "price"})
            sid = tool._instances[iid]["session"]
            again, _, _ = await tool.execute(iid, {"query": "price"})
            reward = await tool.calc_reward(iid, answer=f"<answer>{self.task['answerText']}</answer>")
            no_answer = await tool.calc_reward(iid)
            await tool.release(iid)
            return out, again, sid, reward, no_answer

        out, again, sid, reward, no_answer = asyncio.run(run())
        self.assertEqual(out.text, again.text)
        self.assertEqual((reward, no_answer), (1.0, 0.0))
        self.assertTrue(wait_closed(self.c, sid, 2.0))

    def test_bad_arguments_are_an_observation_the_model_reads(self):
        tool = make_tools()["web_search"]
        response, reward, metrics = asyncio.run(call_tool(tool, self.tools_kwargs, {"pgae": 2}, AgentData("c")))
        self.assertTrue(response.text.startswith("Error: web_search has no argument"), response.text)
        self.assertEqual((reward, metrics), (0.0, {"tool": "web_search", "error": "BAD_INPUT"}))

    def test_create_needs_a_world(self):
        tool = make_tools()["web_search"]
        with self.assertRaises(ValueError):
            asyncio.run(tool.create(create_kwargs={}))

    def test_the_schema_comes_from_the_package_when_the_config_has_none(self):
        tool = FictionWorldTool({"type": "native", "tool": "web_extractor", "base_url": URL})
        self.assertEqual(tool.name, "web_extractor")
        self.assertEqual(tool.tool_schema.model_dump(exclude_unset=True, exclude_none=True), tool_schemas()[1])
        with self.assertRaises(ValueError):
            FictionWorldTool({"type": "native", "tool": "nope", "base_url": URL})


if __name__ == "__main__":
    unittest.main()
