# A hostile CalDAV server for the sync tests, on 127.0.0.1. Usage: fakedav.py PORT MODE LOG
#   big      every REPORT is answered with a multistatus of 120 MB (chunked, no length given in advance)
#   refuse   the listing is empty; every PUT is answered 403
#   repeat   the listing names one to-do 200,000 times; the multiget's hrefs are counted into LOG
import http.server, sys

port, mode, log = int(sys.argv[1]), sys.argv[2], sys.argv[3]
HEAD = b'<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">'
TAIL = b'<d:sync-token>tok</d:sync-token></d:multistatus>'
ONE = (b'<d:response><d:href>/alice/tasks/a.ics</d:href><d:propstat><d:prop><d:getetag>"1"</d:getetag></d:prop>'
       b'<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>')


class Fake(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def answer(self, status, body=b"", chunks=None):
        self.send_response(status)
        self.send_header("Content-Type", "application/xml; charset=utf-8")
        if chunks is None:
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            for chunk in chunks:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_REPORT(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if mode == "big":
            filler = b"<!--" + b" " * (1 << 20) + b"-->"
            self.answer(207, chunks=[HEAD] + [filler] * 120 + [TAIL])
        elif mode == "repeat" and b"sync-collection" in body:
            self.answer(207, chunks=[HEAD] + [ONE * 1000] * 200 + [TAIL])
        elif mode == "repeat":
            with open(log, "a") as f:
                f.write("%d\n" % body.count(b"<d:href>"))
            self.answer(207, HEAD + TAIL)
        else:
            self.answer(207, HEAD + TAIL)

    def do_PUT(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.answer(403, b"no")

    def log_message(self, *args):
        pass


http.server.ThreadingHTTPServer(("127.0.0.1", port), Fake).serve_forever()
