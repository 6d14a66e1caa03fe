"""The veRL reward functions against a live server."""

import unittest

from fictionworld import FictionWorldError, compute_score, compute_score_batch

from .live import TOKEN, URL, first_task


class RewardTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.world, cls.task = first_task()
        cls.extra = {"world_id": cls.world, "task_id": cls.task["id"], "index": 0}
        cls.kw = {"base_url": URL, "admin_token": TOKEN}
        cls.right = f"<think>found it</think><answer>{cls.task['answerText']}</answer>"

    def test_compute_score_as_veRL_calls_it(self):
        # verl/workers/reward_manager/naive.py: compute_score(data_source=, solution_str=, ground_truth=, extra_info=, **reward_kwargs)
        gt = {"target": [self.task["answerText"]]}
        self.assertEqual(compute_score(data_source="fictionworld", solution_str=self.right, ground_truth=gt, extra_info=self.extra, **self.kw), 1.0)
        wrong = compute_score(data_source="fictionworld", solution_str="<answer>nothing</answer>", ground_truth=gt, extra_info=self.extra, **self.kw)
        self.assertIsInstance(wrong, float)
        self.assertLess(wrong, 1.0)
        d = compute_score("fictionworld", self.right, gt, self.extra, return_dict=True, **self.kw)
        self.assertEqual(d, {"score": 1.0, "f1": 1.0, "exact": 1.0})

    def test_compute_score_batch(self):
        n = 5
        scores = compute_score_batch(
            data_sources=["fictionworld"] * n,
            solution_strs=[self.right, "<answer>x</answer>"] * 2 + [self.right],
            ground_truths=[None] * n,
            extra_infos=[self.extra] * n,
            max_items=2,
            **self.kw,
        )
        self.assertEqual(len(scores), n)
        self.assertEqual([s == 1.0 for s in scores], [True, False, True, False, True])

    def test_an_item_that_cannot_be_scored_raises(self):
        with self.assertRaises(FictionWorldError) as e:
            compute_score("fictionworld", "x", None, {"world_id": self.world, "task_id": "no-such-task"}, **self.kw)
        self.assertEqual(e.exception.code, "NOT_FOUND")
        with self.assertRaises(ValueError):
            compute_score("fictionworld", "x", None, {}, **self.kw)


if __name__ == "__main__":
    unittest.main()
