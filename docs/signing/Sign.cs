// Signs and sends one /v1 request with .NET's standard library (.NET 6+, or Mono: mcs -r:System.Net.Http Sign.cs).
// Usage: BASE=http://127.0.0.1:4010 dotnet run (or mono Sign.exe)
using System;
using System.Linq;
using System.Net.Http;
using System.Security.Cryptography;
using System.Text;

public static class Sign
{
    static string Env(string name, string fallback) => Environment.GetEnvironmentVariable(name) ?? fallback;

    public static int Main()
    {
        string baseUrl = Env("BASE", "http://127.0.0.1:4010");
        string clientId = Env("CLIENT_ID", "demo-erp");
        string secret = Env("SECRET", "demo-erp-secret");
        string method = "GET", pathQuery = "/v1/companies?page=1&pageSize=1";
        byte[] body = new byte[0];
        string timestamp = DateTimeOffset.UtcNow.ToUnixTimeSeconds().ToString();
        string nonce = Guid.NewGuid().ToString("N");
        string bodySha256;
        using (var sha = SHA256.Create())
            bodySha256 = string.Concat(sha.ComputeHash(body).Select(b => b.ToString("x2")));
        string canonical = string.Join("\n", method, pathQuery, "x-timestamp:" + timestamp, "x-nonce:" + nonce, "body-sha256:" + bodySha256);
        string signature;
        using (var hmac = new HMACSHA256(Encoding.UTF8.GetBytes(secret)))
            signature = Convert.ToBase64String(hmac.ComputeHash(Encoding.UTF8.GetBytes(canonical)));
        using (var client = new HttpClient())
        {
            var request = new HttpRequestMessage(new HttpMethod(method), baseUrl + pathQuery);
            request.Headers.Add("X-Client-Id", clientId);
            request.Headers.Add("X-Timestamp", timestamp);
            request.Headers.Add("X-Nonce", nonce);
            request.Headers.Add("X-Signature", signature);
            var response = client.SendAsync(request).GetAwaiter().GetResult();
            Console.WriteLine((int)response.StatusCode);
        }
        return 0;
    }
}
