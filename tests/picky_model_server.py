"""FAKE: an OpenAI-compatible chat endpoint that differs from OpenAI the way self-hosted servers
do, for fast tests of the model client's fallbacks (the real one is tests/model_servers.py).

    handler = picky_chat(answer, accepts={"json_object"})   # llama-cpp-python 0.3.36's refusal
    with LocalServer({"/v1/chat/completions": handler}) as server: ...

- `accepts`: the response_format types it takes; any other is answered as llama-cpp-python
  answers json_schema: HTTP 500 with a pydantic error "Input should be 'text' or 'json_object'".
  A request without response_format is always taken.
- `answer(body) -> str | dict`: the reply's content (a str is sent as it is, damage included).
- `finish_reason(body) -> str`: "length" imitates a reply cut off at max_tokens.
- `one_at_a_time`: counts requests in flight at once (`.most_in_flight`), like a server with one slot.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable

from tests.local_http import Reply, Request

LLAMA_RESPONSE_FORMAT_ERROR = (
    "[{'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), "
    "'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema', "
    "'ctx': {'expected': \"'text' or 'json_object'\"}}]"
)


def completion(
    text: str, *, finish_reason: str = "stop", prompt_tokens: int = 100, completion_tokens: int = 30
) -> Reply:
    return Reply.json(
        {
            "id": "chatcmpl-picky",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": "picky",
            "choices": [
                {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": finish_reason}
            ],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            },
        }
    )


def server_error(message: str, status: int = 500, kind: str = "internal_server_error") -> Reply:
    return Reply.json({"error": {"message": message, "type": kind}}, status=status)


class PickyChat:
    def __init__(
        self,
        answer: Callable[[dict], str | dict],
        *,
        accepts=frozenset({"json_schema", "json_object"}),
        finish_reason: Callable[[dict], str] | None = None,
        delay_seconds: float = 0.0,
    ):
        self.answer = answer
        self.accepts = frozenset(accepts)
        self.finish_reason = finish_reason or (lambda body: "stop")
        self.delay_seconds = delay_seconds
        self.in_flight = 0
        self.most_in_flight = 0
        self.bodies: list[dict] = []
        self._lock = threading.Lock()

    def __call__(self, request: Request) -> Reply:
        body = request.json()
        with self._lock:
            self.bodies.append(body)
        fmt = (body.get("response_format") or {}).get("type")
        if fmt and fmt not in self.accepts:
            return server_error(LLAMA_RESPONSE_FORMAT_ERROR)
        with self._lock:
            self.in_flight += 1
            self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            if self.delay_seconds:
                time.sleep(self.delay_seconds)
            content = self.answer(body)
        finally:
            with self._lock:
                self.in_flight -= 1
        text = content if isinstance(content, str) else json.dumps(content)
        return completion(text, finish_reason=self.finish_reason(body))


def picky_chat(answer, **kwargs) -> PickyChat:
    return PickyChat(answer if callable(answer) else (lambda body: answer), **kwargs)
