"""A stand-in for `dayplan lsp` (issue 14, not merged yet) for the plugin's attach test: it speaks just
enough of the Language Server Protocol over standard input and output (initialize, shutdown, exit) and
writes each method it receives to the file named by $DAYPLAN_LSP_LOG, so the test can see that the editor
started it and opened the day file with it. It is not a language server."""
import json
import os
import sys

log = open(os.environ["DAYPLAN_LSP_LOG"], "a", buffering=1)
stdin, stdout = sys.stdin.buffer, sys.stdout.buffer


def send(message):
    body = json.dumps(message).encode()
    stdout.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    stdout.flush()


while True:
    length = 0
    while True:
        line = stdin.readline()
        if not line:
            sys.exit(0)
        if line in (b"\r\n", b"\n"):
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    message = json.loads(stdin.read(length))
    method = message.get("method", "")
    log.write(method + "\n")
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": message["id"],
              "result": {"capabilities": {"textDocumentSync": 1}, "serverInfo": {"name": "dayplan"}}})
    elif method == "shutdown":
        send({"jsonrpc": "2.0", "id": message["id"], "result": None})
    elif method == "exit":
        sys.exit(0)
