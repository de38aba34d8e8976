"""JSON schemas of every structured model output. The schema's name is sent with the request
(response_format json_schema) and every reply is validated against it in code."""

from __future__ import annotations

MAX_NOTES_PER_PAGE = 5

MAX_HOP = 3

_SUBQUESTION = {
    "type": "object",
    "properties": {
        "text": {"type": "string", "minLength": 8, "maxLength": 400},
        "section": {"type": "string", "maxLength": 200},
        # 0: context; 1..MAX_HOP: its place in the chain of facts that answers the question
        # (1 needs nothing found first; k uses what hop k-1 finds).
        "hop": {"type": "integer", "minimum": 0, "maximum": MAX_HOP},
    },
    "required": ["text", "section"],
    "additionalProperties": False,
}

SCHEMAS: dict[str, dict] = {
    "plan": {
        "type": "object",
        "properties": {
            "subquestions": {"type": "array", "items": _SUBQUESTION, "minItems": 1, "maxItems": 12},
            "outline": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "heading": {"type": "string", "minLength": 1, "maxLength": 200},
                        "purpose": {"type": "string"},
                    },
                    "required": ["heading", "purpose"],
                    "additionalProperties": False,
                },
                "minItems": 1,
                "maxItems": 12,
            },
            # What a broad question was narrowed to, shown to the user with the plan; "" when the
            # question is specific enough to research as asked.
            "scope": {"type": "string", "maxLength": 600},
        },
        "required": ["subquestions", "outline"],
        "additionalProperties": False,
    },
    "worker_action": {
        "type": "object",
        "properties": {
            "thought": {"type": "string", "maxLength": 600},
            "tool": {"type": "string"},
            "arguments": {"type": "object"},
        },
        "required": ["thought", "tool", "arguments"],
        "additionalProperties": False,
    },
    "reader_notes": {
        "type": "object",
        "properties": {
            "notes": {
                "type": "array",
                "maxItems": MAX_NOTES_PER_PAGE,
                "items": {
                    "type": "object",
                    "properties": {
                        "claim": {"type": "string", "minLength": 1, "maxLength": 600},
                        "quote": {"type": "string", "minLength": 1, "maxLength": 1200},
                        "char_start": {"type": "integer", "minimum": 0},
                        "char_end": {"type": "integer", "minimum": 1},
                    },
                    "required": ["claim", "quote", "char_start", "char_end"],
                    "additionalProperties": False,
                },
            },
            "other_findings": {"type": "string", "maxLength": 400},
        },
        "required": ["notes", "other_findings"],
        "additionalProperties": False,
    },
    "gap_decision": {
        "type": "object",
        "properties": {
            "enough": {"type": "boolean"},
            "reason": {"type": "string", "maxLength": 600},
            "new_subquestions": {"type": "array", "items": _SUBQUESTION, "maxItems": 4},
            # Parts of the question the evidence does not answer and no new sub-question will
            # research, each completing "The sources found do not state …".
            "unanswered": {"type": "array", "items": {"type": "string", "maxLength": 300}, "maxItems": 6},
        },
        "required": ["enough", "reason", "new_subquestions"],
        "additionalProperties": False,
    },
    "section_draft": {
        "type": "object",
        "properties": {
            "sentences": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "text": {"type": "string", "minLength": 1, "maxLength": 1500},
                        "note_ids": {"type": "array", "items": {"type": "integer"}},
                    },
                    "required": ["text", "note_ids"],
                    "additionalProperties": False,
                },
            },
            "need_context": {"type": "array", "items": {"type": "integer"}, "maxItems": 5},
            # The opening's statement of what the notes do not answer: clauses completing
            # "The sources found do not state …" (optional; other sections leave it out).
            "unanswered": {
                "type": "array",
                "items": {"type": "string", "minLength": 1, "maxLength": 300},
                "maxItems": 4,
            },
        },
        "required": ["sentences", "need_context"],
        "additionalProperties": False,
    },
    "comparison_table": {
        "type": "object",
        "properties": {
            "entities": {
                "type": "array",
                "items": {"type": "string", "minLength": 1, "maxLength": 200},
                "maxItems": 12,
            },
            "attributes": {
                "type": "array",
                "items": {"type": "string", "minLength": 1, "maxLength": 200},
                "maxItems": 6,
            },
            "cells": {
                "type": "array",
                "maxItems": 72,
                "items": {
                    "type": "object",
                    "properties": {
                        "entity": {"type": "string", "minLength": 1, "maxLength": 200},
                        "attribute": {"type": "string", "minLength": 1, "maxLength": 200},
                        "value": {"type": "string", "minLength": 1, "maxLength": 300},
                        "note_ids": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
                    },
                    "required": ["entity", "attribute", "value", "note_ids"],
                    "additionalProperties": False,
                },
            },
        },
        "required": ["entities", "attributes", "cells"],
        "additionalProperties": False,
    },
    "support_verdict": {
        "type": "object",
        "properties": {
            "verdict": {"type": "string", "enum": ["supported", "partial", "unsupported"]},
            "reason": {"type": "string", "maxLength": 400},
        },
        "required": ["verdict", "reason"],
        "additionalProperties": False,
    },
    "sentence_rewrite": {
        "type": "object",
        "properties": {
            "drop": {"type": "boolean"},
            "text": {"type": "string", "maxLength": 1500},
            "note_ids": {"type": "array", "items": {"type": "integer"}},
        },
        "required": ["drop", "text", "note_ids"],
        "additionalProperties": False,
    },
    "compaction": {
        "type": "object",
        "properties": {
            "established_facts": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"claim": {"type": "string"}, "handle": {"type": "string"}},
                    "required": ["claim", "handle"],
                    "additionalProperties": False,
                },
            },
            "exact_identifiers": {"type": "array", "items": {"type": "string"}},
            "dead_ends": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"approach": {"type": "string"}, "why_failed": {"type": "string"}},
                    "required": ["approach", "why_failed"],
                    "additionalProperties": False,
                },
            },
            "open_questions": {"type": "array", "items": {"type": "string"}},
            "current_state": {"type": "string"},
            "next_action": {"type": "string"},
        },
        "required": [
            "established_facts",
            "exact_identifiers",
            "dead_ends",
            "open_questions",
            "current_state",
            "next_action",
        ],
        "additionalProperties": False,
    },
    "keypoint_verdicts": {
        "type": "object",
        "properties": {
            "verdicts": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "index": {"type": "integer", "minimum": 0},
                        "present": {"type": "boolean"},
                        "contradicted": {"type": "boolean"},
                    },
                    "required": ["index", "present", "contradicted"],
                },
            },
        },
        "required": ["verdicts"],
        "additionalProperties": False,
    },
}
