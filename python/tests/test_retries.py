"""Which failures the client retries: 429 (after Retry-After), 502/503/504 and a refused connection; nothing else."""

import http.server
import json
import socket
import threading
import unittest

from fictionworld import Client, FictionWorldError


class Scripted(http.server.BaseHTTPRequestHandler):
    """Answers each request with the next (status, headers) of the server's script, then 200."""

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.server.seen += 1
        status, headers = self.server.script.pop(0) if self.server.script else (200, {})
        body = json.dumps({"results": []} if status == 200 else {"error": {"code": "X", "message": f"status {status}"}}).encode()
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class RetryTest(unittest.TestCase):
    def serve(self, script):
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Scripted)
        server.script, server.seen = list(script), 0
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self.addCleanup(server.server_close)
        self.addCleanup(server.shutdown)
        return server, f"http://127.0.0.1:{server.server_address[1]}"

    def test_retries_429_with_retry_after_and_502_503_504(self):
        server, url = self.serve([(429, {"Retry-After": "2"}), (502, {}), (503, {"Retry-After": "1"}), (504, {})])
        waits = []
        self.assertEqual(Client(url, sleep=waits.append, backoff=0.25).score([]), [])
        self.assertEqual(server.seen, 5)
        # Retry-After when the server says it, else the exponential backoff (0.25 × 2^attempt)
        self.assertEqual(waits, [2.0, 0.5, 1.0, 2.0])

    def test_no_retry_on_other_statuses(self):
        for status in (400, 401, 404, 413, 500):
            server, url = self.serve([(status, {})])
            waits = []
            with self.assertRaises(FictionWorldError) as e:
                Client(url, sleep=waits.append).score([])
            self.assertEqual((e.exception.status, e.exception.message), (status, f"status {status}"))
            self.assertEqual((server.seen, waits), (1, []))

    def test_gives_up_after_the_retries(self):
        server, url = self.serve([(503, {"Retry-After": "0"})] * 10)
        waits = []
        with self.assertRaises(FictionWorldError) as e:
            Client(url, sleep=waits.append, retries=3).score([])
        self.assertEqual(e.exception.status, 503)
        self.assertEqual((server.seen, len(waits)), (4, 3))

    def test_retries_a_refused_connection(self):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        s.close()  # nothing listens there now
        waits = []
        with self.assertRaises(FictionWorldError) as e:
            Client(f"http://127.0.0.1:{port}", sleep=waits.append, retries=2, backoff=0.1).health()
        self.assertEqual(e.exception.code, "UNREACHABLE")
        self.assertEqual(waits, [0.1, 0.2])


if __name__ == "__main__":
    unittest.main()
