"""The offline model engine as a litellm custom provider ("offline/large", "offline/small").

Every call goes through litellm like a hosted model's: the engine reads the rendered
messages, picks its algorithm by the response schema's name, and answers with JSON. Usage is
counted with a real tokenizer on the real prompt and reply, so budgets and prices apply.

The engine can also simulate a slow or failing provider for tests and benchmarks
(ENGINE_TOKENS_PER_SECOND, ENGINE_FIXED_LATENCY_SECONDS, ENGINE_FAULTS; see README).
"""

from __future__ import annotations

import json
import os
import re
import time

import litellm
from litellm import CustomLLM
from litellm.types.utils import ModelResponse

from agents import keypoints
from agents.engine import blocks as bk
from agents.engine import gap, planner, reader, worker, writer
from jobs.runtime import instrumentation

PROVIDER = "offline"
TOKENIZER_MODEL = "gpt-4o"


def _answer(schema_name: str, messages: list) -> dict:
    user = bk.user_message(messages)
    system = bk.system_message(messages)
    if schema_name == "plan":
        depth = "deep" if "depth: deep" in user else "quick"
        question = planner.resolve_references(bk.block(user, "question"), bk.block(user, "earlier_report"))
        return planner.plan(question, depth, feedback="previous plan was rejected" in system)
    if schema_name == "worker_action":
        return worker.decide(user, system)
    if schema_name == "reader_notes":
        _, page = bk.page_text(user)
        return reader.read(bk.block(user, "subquestion"), page, title=bk.page_title(user))
    if schema_name == "gap_decision":
        return gap.decide(user)
    if schema_name == "section_draft":
        return writer.write_section(user)
    if schema_name == "comparison_table":
        return writer.comparison_table(user)
    if schema_name == "support_verdict":
        return writer.judge(user)
    if schema_name == "sentence_rewrite":
        return writer.rewrite(user)
    if schema_name == "compaction":
        return writer.compact(user)
    if schema_name == "keypoint_verdicts":
        points = [re.sub(r"^\d+\.\s*", "", line) for line in bk.block(user, "key_points").splitlines() if line.strip()]
        sentences = [line for line in bk.block(user, "report").splitlines() if line.strip()]
        return {"verdicts": keypoints.judge_report(points, sentences)}
    raise ValueError(f"the offline engine has no algorithm for schema {schema_name!r}")


class OfflineEngine(CustomLLM):
    def completion(
        self,
        model,
        messages,
        api_base=None,
        custom_prompt_dict=None,
        model_response=None,
        print_verbose=None,
        encoding=None,
        api_key=None,
        logging_obj=None,
        optional_params=None,
        acompletion=None,
        litellm_params=None,
        logger_fn=None,
        headers=None,
        timeout=None,
        client=None,
    ):
        from agents.engine import simulate

        optional_params = optional_params or {}
        schema = (optional_params.get("response_format") or {}).get("json_schema", {}).get("name", "")
        metadata = (litellm_params or {}).get("metadata") or {}
        simulate.before_call(model, schema, metadata)
        cpu_started = time.thread_time()
        text = json.dumps(_answer(schema, messages), ensure_ascii=False)
        text = simulate.corrupt(text, schema)
        prompt_tokens = litellm.token_counter(model=TOKENIZER_MODEL, messages=messages)
        completion_tokens = litellm.token_counter(model=TOKENIZER_MODEL, text=text, count_response_tokens=True)
        instrumentation.add("engine_cpu_s", time.thread_time() - cpu_started)
        instrumentation.add("engine_calls", 1)
        simulate.after_call(completion_tokens)
        response = model_response or ModelResponse()
        response.choices[0].message.content = text
        response.choices[0].finish_reason = "stop"
        response.model = f"{PROVIDER}/{model}"
        response.usage = litellm.Usage(
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            total_tokens=prompt_tokens + completion_tokens,
        )
        return response

    async def acompletion(self, *args, **kwargs):
        return self.completion(*args, **kwargs)


_registered = False


def register_offline_provider() -> None:
    global _registered
    if _registered:
        return
    entry = {"provider": PROVIDER, "custom_handler": OfflineEngine()}
    litellm.custom_provider_map = [p for p in litellm.custom_provider_map if p.get("provider") != PROVIDER] + [entry]
    from litellm.utils import custom_llm_setup

    custom_llm_setup()
    # Price the engine like a paid model at the design's assumed prices; being in the cost map
    # also spares litellm a failed price lookup on every call.
    from django.conf import settings

    for name, (per_in, per_out) in (("large", settings.PRICE_LARGE_PER_MTOK), ("small", settings.PRICE_SMALL_PER_MTOK)):
        litellm.register_model(
            {
                f"{PROVIDER}/{name}": {
                    "input_cost_per_token": per_in / 1e6,
                    "output_cost_per_token": per_out / 1e6,
                    "litellm_provider": PROVIDER,
                    "mode": "chat",
                    "max_tokens": 16384,
                    "max_input_tokens": 128000,
                    "max_output_tokens": 16384,
                }
            }
        )
    _registered = True
    os.environ.setdefault("LITELLM_LOG", "ERROR")
