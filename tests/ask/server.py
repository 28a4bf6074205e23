#!/usr/bin/env python3
"""A scripted OpenAI-compatible chat-completions server for the tests of `seam ask`.

    server.py SCENARIO.json LOG.jsonl PORTFILE

Binds 127.0.0.1 on an ephemeral port (written to PORTFILE), and answers each POST to
.../chat/completions with the next response of the scenario (a JSON object):

    {"key": "k",              # optional: requests without "Authorization: Bearer k" get 401
     "responses": [R, ...]}   # in order; past the end, HTTP 500

where each R is one of
    {"text": "...", "piece": 12, "delay": 0.0}   # streamed as SSE chunks of `piece` characters
    {"text": "...", "json": true}                # one non-streamed JSON document
    {"status": 429, "headers": {...}, "body": "..."}
    {"raw": "..."}                               # bytes sent as they are (malformed streams)
    {"text": "...", "drop_after": 3}             # 3 chunks, then the connection is closed
    {"stall": 5}                                 # headers, then nothing for 5 s
    {"text": "...", "thinking": "..."}           # reasoning_content chunks before the text

Each request is logged to LOG as one JSON line: its number, the time, the request body, whether
an Authorization header came (never its value), how many chunks were sent out of how many, and
whether the client went away before the end.
"""
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

scenario = json.load(open(sys.argv[1]))
log_path = sys.argv[2]
lock = threading.Lock()
state = {"n": 0}


def log(entry):
    with lock:
        with open(log_path, "a") as f:
            f.write(json.dumps(entry) + "\n")


def chunk(delta, finish=None):
    return {"id": "chatcmpl-test", "object": "chat.completion.chunk", "model": "scripted",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_plain(self, status, body, headers=None):
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Connection", "close")
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length)
        with lock:
            n = state["n"]
            state["n"] += 1
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        entry = {"n": n, "t": time.time(), "body": body,
                 "auth": self.headers.get("Authorization") is not None,
                 "sent": 0, "total": 0, "disconnected": False}
        try:
            self.answer(n, entry)
        except (BrokenPipeError, ConnectionResetError):
            entry["disconnected"] = True
        log(entry)
        self.close_connection = True

    def answer(self, n, entry):
        key = scenario.get("key")
        if key is not None and self.headers.get("Authorization") != "Bearer " + key:
            self.send_plain(401, json.dumps({"error": {"message": "Incorrect API key provided",
                                                       "type": "invalid_request_error"}}))
            return
        responses = scenario["responses"]
        if n >= len(responses):
            self.send_plain(500, json.dumps({"error": {"message": "no more scripted answers"}}))
            return
        r = responses[n]
        if "status" in r:
            self.send_plain(r["status"], r.get("body", ""), r.get("headers"))
            return
        if r.get("json"):
            doc = {"id": "chatcmpl-test", "object": "chat.completion", "model": "scripted",
                   "choices": [{"index": 0, "finish_reason": "stop",
                                "message": {"role": "assistant", "content": r["text"]}}],
                   "usage": {"prompt_tokens": 50, "completion_tokens": 20}}
            self.send_plain(200, json.dumps(doc))
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.flush()
        if "stall" in r:
            time.sleep(r["stall"])
            return
        if "raw" in r:
            self.wfile.write(r["raw"].encode())
            self.wfile.flush()
            return
        events = [chunk({"role": "assistant", "content": ""})]
        thinking = r.get("thinking", "")
        events += [chunk({"reasoning_content": thinking[i:i + 20]})
                   for i in range(0, len(thinking), 20)]
        text, piece = r.get("text", ""), r.get("piece", 12)
        events += [chunk({"content": text[i:i + piece]}) for i in range(0, len(text), piece)]
        events.append(chunk({}, r.get("finish", "stop")))
        usage = {"id": "chatcmpl-test", "object": "chat.completion.chunk", "choices": [],
                 "usage": {"prompt_tokens": 100 + n, "completion_tokens": len(text) // 4}}
        events.append(usage)
        entry["total"] = len(events)
        delay = r.get("delay", 0.0)
        drop = r.get("drop_after")
        for i, e in enumerate(events):
            if drop is not None and i >= drop:
                return
            self.wfile.write(("data: " + json.dumps(e) + "\n\n").encode())
            self.wfile.flush()
            entry["sent"] = i + 1
            if delay:
                time.sleep(delay)
        self.wfile.write(b"data: [DONE]\n\n")
        self.wfile.flush()


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
with open(sys.argv[3] + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
import os  # noqa: E402
os.rename(sys.argv[3] + ".tmp", sys.argv[3])
server.serve_forever()
