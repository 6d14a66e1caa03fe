"""The client against a live server."""

import json
import re
import unittest

from fictionworld import Client, FictionWorldError

from .live import TOKEN, URL, client, first_task


class ClientTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.c = client()
        cls.world, cls.task = first_task()

    def test_health_and_worlds(self):
        self.assertEqual(self.c.health()["status"], "ok")
        worlds = self.c.worlds()
        self.assertGreaterEqual(worlds["total"], 2)
        self.assertRegex(worlds["worlds"][0]["id"], r"^w\d+-\d{6}$")

    def test_bound_session_search_open_call_close(self):
        s = self.c.create_session(self.world, self.task["id"])
        sid = s["session"]
        self.assertEqual((s["world"], s["task"]), (self.world, self.task["id"]))
        text = self.c.search(self.task["question"], session=sid)
        self.assertTrue(text.startswith(f'Results for "{self.task["question"]}'), text[:200])
        batch = self.c.search(queries=["battery", "price"], session=sid)
        self.assertEqual(len(re.findall(r'^Results for "', batch, re.M)), 2)
        as_json = self.c.search("battery", session=sid, format="json")
        self.assertIsInstance(as_json, dict)
        url = re.search(r"^\[1\] (\S+)$", text, re.M).group(1)
        page = self.c.open(url, session=sid)
        self.assertIn(url, page)
        # OpenAI-style arguments as a JSON string
        same = self.c.call("web_extractor", json.dumps({"url": url}), session=sid)
        self.assertEqual(same, page)
        self.assertEqual(self.c.session(sid)["calls"], 5)
        self.assertTrue(self.c.close_session(sid))
        self.assertFalse(self.c.close_session(sid))

    def test_search_by_world_and_retrieve(self):
        text = self.c.search("price", world=self.world)
        self.assertIn("[1] ", text)
        result = self.c.retrieve(["price", "battery"], 3, world=self.world)
        self.assertEqual(len(result), 2)
        self.assertEqual(len(result[0]), 3)
        self.assertIn("contents", result[0][0]["document"])
        self.assertIn("score", result[0][0])

    def test_score(self):
        right = f"I looked it up. <answer>{self.task['answerText']}</answer>"
        results = self.c.score(
            [
                {"world": self.world, "task": self.task["id"], "answer": right},
                {"world": self.world, "task": self.task["id"], "answer": "<answer>no idea</answer>"},
                {"world": self.world, "task": "no-such-task", "answer": "x"},
            ]
        )
        self.assertEqual(len(results), 3)
        self.assertEqual((results[0]["reward"], results[0]["exact"]), (1, True))
        self.assertLess(results[1]["reward"], 1)
        self.assertEqual(results[2]["error"]["code"], "NOT_FOUND")
        self.assertEqual(self.c.score_one(self.world, self.task["id"], right)["reward"], 1)
        with self.assertRaises(FictionWorldError) as e:
            self.c.score_one(self.world, "no-such-task", "x")
        self.assertEqual(e.exception.code, "NOT_FOUND")

    def test_a_bad_request_is_raised_at_once_not_retried(self):
        waits = []
        c = Client(URL, TOKEN, sleep=waits.append)
        with self.assertRaises(FictionWorldError) as e:
            c.call("web_search", {"pgae": 2}, world=self.world)
        self.assertEqual((e.exception.status, e.exception.code), (400, "BAD_INPUT"))
        self.assertIn('no argument "pgae"', e.exception.message)
        with self.assertRaises(FictionWorldError) as e:
            c.session("s_" + "A" * 24)
        self.assertEqual(e.exception.status, 404)
        self.assertEqual(waits, [])

    def test_admin_actions_need_the_token_when_the_server_has_one(self):
        if TOKEN is None:
            self.fail("run the tests against a server with --admin-token (FICTIONWORLD_TEST_ADMIN_TOKEN)")
        anonymous = Client(URL)
        for action in (
            lambda: anonymous.create_session(self.world, self.task["id"]),
            lambda: anonymous.score([{"world": self.world, "task": self.task["id"], "answer": "x"}]),
            lambda: anonymous.task(self.world, self.task["id"]),
        ):
            with self.assertRaises(FictionWorldError) as e:
                action()
            self.assertEqual((e.exception.status, e.exception.code), (401, "UNAUTHORIZED"))
        # an unbound session is not an admin action
        sid = anonymous.create_session(self.world)["session"]
        self.assertTrue(anonymous.close_session(sid))


if __name__ == "__main__":
    unittest.main()
