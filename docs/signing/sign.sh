#!/bin/sh
# Signs and sends one /v1 request with curl and openssl. Usage: BASE=http://127.0.0.1:4010 sh sign.sh
set -eu
BASE="${BASE:-http://127.0.0.1:4010}"; CLIENT_ID="${CLIENT_ID:-demo-erp}"; SECRET="${SECRET:-demo-erp-secret}"
METHOD=GET; PATH_QUERY='/v1/companies?page=1&pageSize=1'; BODY=''
TS=$(date +%s); NONCE=$(openssl rand -hex 16)
BODY_SHA=$(printf '%s' "$BODY" | openssl dgst -sha256 -hex | sed 's/^.*= //')
CANONICAL=$(printf '%s\n%s\nx-timestamp:%s\nx-nonce:%s\nbody-sha256:%s' "$METHOD" "$PATH_QUERY" "$TS" "$NONCE" "$BODY_SHA")
SIG=$(printf '%s' "$CANONICAL" | openssl dgst -sha256 -hmac "$SECRET" -binary | openssl base64 -A)
curl -sS -o /dev/null -w '%{http_code}\n' -X "$METHOD" "$BASE$PATH_QUERY" \
  -H "X-Client-Id: $CLIENT_ID" -H "X-Timestamp: $TS" -H "X-Nonce: $NONCE" -H "X-Signature: $SIG"
