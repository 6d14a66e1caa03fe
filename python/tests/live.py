"""The live server the tests run against: FICTIONWORLD_TEST_URL (and FICTIONWORLD_TEST_ADMIN_TOKEN when it has one)."""

import os

from fictionworld import Client

URL = os.environ.get("FICTIONWORLD_TEST_URL", "")
TOKEN = os.environ.get("FICTIONWORLD_TEST_ADMIN_TOKEN") or None

if not URL:
    raise RuntimeError("set FICTIONWORLD_TEST_URL to a running `fictionworld serve` (test/python/python-package.test.ts does)")


def client(**kwargs) -> Client:
    return Client(URL, TOKEN, **kwargs)


def first_task() -> tuple[str, dict]:
    """The first world of the server and its first task, with its answer."""
    c = client()
    world = c.worlds()["worlds"][0]["id"]
    task_id = c.tasks(world)[0]["id"]
    return world, c.task(world, task_id)
