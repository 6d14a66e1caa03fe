"""The tool schemas survive veRL's schema model (verl/tools/schemas.py OpenAIFunctionToolSchema), as
re-implemented in fictionworld._verl_base: nothing of them is dropped, and "queries" says in its
description what veRL drops from it (its items)."""

import copy
import unittest

from fictionworld import tool_schemas
from fictionworld._verl_base import HAVE_VERL, OpenAIFunctionToolSchema


def through_verl(schema):
    return OpenAIFunctionToolSchema.model_validate(copy.deepcopy(schema)).model_dump(exclude_unset=True, exclude_none=True)


class ToolSchemaTest(unittest.TestCase):
    def test_the_packaged_schemas_round_trip_unchanged(self):
        schemas = tool_schemas()
        self.assertEqual([s["function"]["name"] for s in schemas], ["web_search", "web_extractor"])
        for s in schemas:
            self.assertEqual(through_verl(s), s)

    def test_queries_is_an_array_described_as_a_list_of_strings(self):
        queries = tool_schemas()[0]["function"]["parameters"]["properties"]["queries"]
        self.assertEqual(queries["type"], "array")
        self.assertRegex(queries["description"], r"each a string \(1 to 8\)")

    def test_the_model_drops_what_veRL_drops(self):
        full = copy.deepcopy(tool_schemas()[0])
        props = full["function"]["parameters"]["properties"]
        props["queries"].update({"items": {"type": "string"}, "minItems": 1, "maxItems": 8})
        props["page"].update({"minimum": 1, "maximum": 100})
        full["function"]["parameters"]["additionalProperties"] = False
        kept = through_verl(full)
        self.assertEqual(kept, tool_schemas()[0])
        with self.assertRaises(ValueError):  # veRL's property type is one string
            through_verl({"type": "function", "function": {"name": "f", "description": "d", "parameters": {"type": "object", "properties": {"a": {"type": ["string", "null"]}}, "required": []}}})

    def test_without_veRL_installed_the_stand_in_is_used(self):
        self.assertFalse(HAVE_VERL)


if __name__ == "__main__":
    unittest.main()
