// Signs and sends one /v1 request with Java 17's standard library. Usage: BASE=http://127.0.0.1:4010 java Sign.java
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public class Sign {
  static String env(String name, String fallback) {
    String value = System.getenv(name);
    return value == null ? fallback : value;
  }

  public static void main(String[] args) throws Exception {
    String base = env("BASE", "http://127.0.0.1:4010");
    String clientId = env("CLIENT_ID", "demo-erp");
    String secret = env("SECRET", "demo-erp-secret");
    String method = "GET", pathQuery = "/v1/companies?page=1&pageSize=1";
    byte[] body = new byte[0];
    String timestamp = Long.toString(System.currentTimeMillis() / 1000);
    String nonce = UUID.randomUUID().toString().replace("-", "");
    String bodySha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
    String canonical = String.join("\n", method, pathQuery, "x-timestamp:" + timestamp, "x-nonce:" + nonce, "body-sha256:" + bodySha256);
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    String signature = Base64.getEncoder().encodeToString(mac.doFinal(canonical.getBytes(StandardCharsets.UTF_8)));
    HttpRequest request = HttpRequest.newBuilder(URI.create(base + pathQuery))
        .method(method, HttpRequest.BodyPublishers.noBody())
        .header("X-Client-Id", clientId).header("X-Timestamp", timestamp)
        .header("X-Nonce", nonce).header("X-Signature", signature).build();
    System.out.println(HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.discarding()).statusCode());
  }
}
