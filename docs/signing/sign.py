# Signs and sends one /v1 request with Python's standard library. Usage: BASE=http://127.0.0.1:4010 python3 sign.py
import base64, hashlib, hmac, os, time, urllib.request, uuid

base = os.environ.get("BASE", "http://127.0.0.1:4010")
client_id = os.environ.get("CLIENT_ID", "demo-erp")
secret = os.environ.get("SECRET", "demo-erp-secret")
method, path_query, body = "GET", "/v1/companies?page=1&pageSize=1", b""
ts, nonce = str(int(time.time())), uuid.uuid4().hex
canonical = "\n".join([method, path_query, f"x-timestamp:{ts}", f"x-nonce:{nonce}", f"body-sha256:{hashlib.sha256(body).hexdigest()}"])
signature = base64.b64encode(hmac.new(secret.encode(), canonical.encode(), hashlib.sha256).digest()).decode()
request = urllib.request.Request(base + path_query, method=method, headers={
    "X-Client-Id": client_id, "X-Timestamp": ts, "X-Nonce": nonce, "X-Signature": signature})
with urllib.request.urlopen(request) as response:
    print(response.status)
