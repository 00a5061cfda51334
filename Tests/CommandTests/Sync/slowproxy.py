# A slow CalDAV server for the sync tests: an HTTP proxy on 127.0.0.1 in front of a real one (Radicale) that
# waits DELAY seconds before passing each request on, and appends a line to LOG as each request arrives (METHOD
# PATH) and once it is answered ("done METHOD PATH"), so that a test knows when the sync is waiting on the server.
# Usage: slowproxy.py PORT UPSTREAM_PORT DELAY_FILE LOG (DELAY_FILE holds the delay in seconds, read for each
# request, so that a test can make the server slow only when it wants).
import http.client, http.server, sys, time

port, upstream, delay_file, log = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]


def note(text):
    with open(log, "a") as f:
        f.write(text + "\n")


class Slow(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def forward(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        note("%s %s" % (self.command, self.path))
        try:
            time.sleep(float(open(delay_file).read().strip() or 0))
        except (OSError, ValueError):
            pass
        connection = http.client.HTTPConnection("127.0.0.1", upstream, timeout=60)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
        connection.request(self.command, self.path, body=body, headers=headers)
        answer = connection.getresponse()
        data = answer.read()
        self.send_response(answer.status)
        for k, v in answer.getheaders():
            if k.lower() not in ("transfer-encoding", "connection", "content-length"):
                self.send_header(k, v)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        note("done %s %s" % (self.command, self.path))

    do_GET = do_PUT = do_REPORT = do_PROPFIND = do_DELETE = do_OPTIONS = do_MKCALENDAR = forward

    def log_message(self, *args):
        pass


http.server.ThreadingHTTPServer(("127.0.0.1", port), Slow).serve_forever()
