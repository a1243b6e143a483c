import CCurl
import FleetAuditValues
import Foundation

/// A plain HTTP GET of a config URL through libcurl, bounded in size, time and where it may be sent.
///
/// - Size: at most `maxBytes` of body in memory. A declared `Content-Length` past it is refused before the
///   body (curl's `MAXFILESIZE`); a body that grows past it is cut off by the write callback, which runs on
///   curl's own thread, so nothing is buffered behind it. The request asks for `identity` and nothing is
///   inflated: a compressed answer is refused at its first byte (a 3 MB gzip answer once became 3 GB).
/// - Time: `timeout` for the whole fetch, redirects included; one retry after a transport failure.
/// - Where: http and https only; redirects followed here, at most `maxRedirects`, never from https to http,
///   never to a link-local or cloud-metadata address, and credentials in the URL never sent to another host.
package struct HTTPFetcher {
    package struct FetchError: Error, CustomStringConvertible {
        package let description: String
        /// A failure that may pass (the server down, refusing, slow, or answering 5xx/429): exit 75.
        package let temporary: Bool
    }

    let timeout: TimeInterval
    var maxBytes = 16 << 20
    var maxRedirects = 5

    package init(timeout: TimeInterval) { self.timeout = timeout }

    package func get(_ url: String) throws(FetchError) -> [UInt8] {
        let deadline = Date().addingTimeInterval(timeout)
        do {
            return try follow(url, deadline: deadline)
        } catch let first {
            guard first.retryable, deadline.timeIntervalSinceNow > 0 else { throw first.error }
            do { return try follow(url, deadline: deadline) } catch { throw error.error }
        }
    }

    /// Hosts a redirect may never lead to: the link-local ranges (169.254.0.0/16, fe80::/10), where clouds answer
    /// metadata requests with credentials, and the metadata services' addresses and names. Addresses are compared
    /// parsed, not as text: `[::ffff:169.254.169.254]`, `[::ffff:a9fe:a9fe]`, `0xa9fea9fe` and `2852039166` are
    /// 169.254.169.254 to curl, `[febf::1]` is in fe80::/10, and `metadata.google.internal.` (a trailing dot) is
    /// the same name.
    static func isForbiddenRedirectHost(_ host: String) -> Bool {
        var h = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if let zone = h.firstIndex(of: "%") { h = String(h[..<zone]) }
        while h.hasSuffix(".") { h.removeLast() }
        if ["metadata.google.internal", "metadata", "metadata.goog", "instance-data", "instance-data.ec2.internal"]
            .contains(h)
        {
            return true
        }
        if let v4 = ipv4(h) { return isForbidden(v4: v4) }
        if let v6 = ipv6(h) { return isForbidden(v6: v6) }
        return false
    }

    /// An IPv4 address in any form `inet_aton` (and so curl) reads: dotted, one number, hex or octal parts.
    private static func ipv4(_ text: String) -> UInt32? {
        guard !text.isEmpty, text.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == "x" }) else { return nil }
        var address = in_addr()
        guard inet_aton(text, &address) != 0 else { return nil }
        return UInt32(bigEndian: address.s_addr)
    }

    private static func ipv6(_ text: String) -> [UInt8]? {
        var address = in6_addr()
        guard text.contains(":"), inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    private static func isForbidden(v4: UInt32) -> Bool {
        v4 >> 16 == 0xA9FE || v4 == 0x6464_64C8 || v4 == 0
    }

    private static func isForbidden(v6 b: [UInt8]) -> Bool {
        // fe80::/10 (link-local), fd00:ec2::254 (AWS), and an IPv4 address inside (mapped, compatible, NAT64).
        if b[0] == 0xFE && b[1] & 0xC0 == 0x80 { return true }
        if b == [0xFD, 0, 0x0E, 0xC2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54] { return true }
        let embedded = UInt32(b[12]) << 24 | UInt32(b[13]) << 16 | UInt32(b[14]) << 8 | UInt32(b[15])
        let mapped = b[0..<10].allSatisfy { $0 == 0 } && b[10] == 0xFF && b[11] == 0xFF
        let compatible = b[0..<12].allSatisfy { $0 == 0 } && embedded > 1
        let nat64 = b[0..<12] == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0][...]
        return (mapped || compatible || nat64) && isForbidden(v4: embedded)
    }

    private func follow(_ start: String, deadline: Date) throws(Failure) -> [UInt8] {
        var url = start
        for hop in 0...maxRedirects {
            let answer = try attempt(url, deadline: deadline, display: Redaction.source(start))
            guard let next = answer.redirect else { return answer.body }
            guard hop < maxRedirects else {
                throw Failure(
                    "GET \(Redaction.source(start)) was redirected more than \(maxRedirects) times", retryable: false)
            }
            url = try Self.checkedRedirect(from: url, to: next, display: Redaction.source(start))
        }
        throw Failure("GET \(Redaction.source(start)): unreachable", retryable: false)
    }

    /// The redirect target, if the policy allows it (credentials dropped when the host changes).
    static func checkedRedirect(from current: String, to next: String, display: String) throws(Failure) -> String {
        guard let from = URLComponents(string: current), var to = URLComponents(string: next),
            let scheme = to.scheme?.lowercased()
        else {
            throw Failure("GET \(display) was redirected to an address that is not a URL", retryable: false)
        }
        guard scheme == "http" || scheme == "https" else {
            throw Failure(
                "GET \(display) was redirected to a \(scheme): URL; only http and https are followed", retryable: false)
        }
        guard let host = to.host, !host.isEmpty else {
            throw Failure("GET \(display) was redirected to an address without a host", retryable: false)
        }
        if from.scheme?.lowercased() == "https" && scheme == "http" {
            throw Failure(
                "GET \(display) was redirected from https to http; FleetAudit does not follow a redirect that drops TLS",
                retryable: false)
        }
        if isForbiddenRedirectHost(host) {
            throw Failure(
                "GET \(display) was redirected to \(host), a link-local or cloud-metadata address; not followed",
                retryable: false)
        }
        if host.lowercased() != from.host?.lowercased() {
            to.user = nil
            to.password = nil
        }
        return to.string ?? next
    }

    private struct Answer {
        let body: [UInt8]
        let redirect: String?
    }

    struct Failure: Error {
        let error: FetchError
        let retryable: Bool
        init(_ description: String, retryable: Bool, temporary: Bool? = nil) {
            error = FetchError(description: description, temporary: temporary ?? retryable)
            self.retryable = retryable
        }
    }

    /// What the callbacks see: the body so far and why the transfer was stopped, if it was.
    private final class Transfer {
        let maxBytes: Int
        var body: [UInt8] = []
        var contentEncoding: String?
        var transferEncoding: String?
        var stopped: String?

        init(maxBytes: Int) { self.maxBytes = maxBytes }
    }

    private static let globalInit: Void = { _ = curl_global_init(3) }()  // CURL_GLOBAL_ALL

    private func attempt(_ url: String, deadline: Date, display: String) throws(Failure) -> Answer {
        Self.globalInit
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else {
            throw Failure("GET \(display) timed out after \(Self.seconds(timeout))", retryable: false, temporary: true)
        }
        guard let handle = curl_easy_init() else {
            throw Failure("GET \(display): libcurl could not start", retryable: false)
        }
        defer { curl_easy_cleanup(handle) }
        let transfer = Transfer(maxBytes: maxBytes)
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        var headers: UnsafeMutablePointer<curl_slist>?
        headers = curl_slist_append(headers, "Accept: application/json")
        headers = curl_slist_append(headers, "Accept-Encoding: identity")
        defer { curl_slist_free_all(headers) }
        _ = fa_curl_set_string(handle, CURLOPT_URL, url)
        _ = fa_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = fa_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        _ = fa_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = fa_curl_set_long(handle, CURLOPT_TIMEOUT_MS, max(1, Int(remaining * 1000)))
        _ = fa_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(min(remaining, 10) * 1000)))
        _ = fa_curl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maxBytes))
        _ = fa_curl_set_pointer(handle, CURLOPT_HTTPHEADER, headers.map { UnsafeMutableRawPointer($0) })
        _ = fa_curl_set_string(handle, CURLOPT_USERAGENT, "fleet-audit/\(FleetAuditVersion.current)")
        _ = fa_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        _ = fa_curl_set_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
            if line.hasPrefix("HTTP/") {  // each response's own headers
                transfer.contentEncoding = nil
                transfer.transferEncoding = nil
            }
            if let colon = line.firstIndex(of: ":") {
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
                switch line[..<colon].lowercased() {
                case "content-encoding": transfer.contentEncoding = value
                case "transfer-encoding": transfer.transferEncoding = value
                default: break
                }
            }
            return size * count
        }
        _ = fa_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = fa_curl_set_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
            if let encoding = transfer.contentEncoding, !encoding.isEmpty, encoding.lowercased() != "identity" {
                transfer.stopped =
                    "answered with Content-Encoding \(encoding) although identity was asked for: "
                    + "compressed answers are refused (their inflated size is unbounded)"
                return 0
            }
            // A transfer coding other than chunked (`gzip, chunked`) is a compressed answer too.
            if let coding = transfer.transferEncoding,
                coding.split(separator: ",").contains(where: {
                    $0.trimmingCharacters(in: .whitespaces).lowercased() != "chunked"
                })
            {
                transfer.stopped =
                    "answered with Transfer-Encoding \(coding): compressed answers are refused (their inflated size is unbounded)"
                return 0
            }
            let n = size * count
            guard transfer.body.count + n <= transfer.maxBytes else {
                transfer.stopped =
                    "returned more than the \(transfer.maxBytes)-byte limit; the transfer was stopped there"
                return 0
            }
            transfer.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: n))
            return n
        }
        let code = curl_easy_perform(handle)
        if let stopped = transfer.stopped { throw Failure("GET \(display) \(stopped)", retryable: false) }
        switch code {
        case CURLE_OK: break
        case CURLE_FILESIZE_EXCEEDED:
            throw Failure(
                "GET \(display) declared a body larger than the \(maxBytes)-byte limit; not read", retryable: false)
        case CURLE_OPERATION_TIMEDOUT:
            throw Failure("GET \(display) timed out after \(Self.seconds(timeout))", retryable: false, temporary: true)
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_WEIRD_SERVER_REPLY:
            // The URL's scheme was checked before: the answer itself is not HTTP/1.x or HTTP/2.
            throw Failure(
                "GET \(display): the answer is not HTTP/1.x or HTTP/2 (an HTTP/0.9 answer has no status line or headers); not read",
                retryable: false)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING,
            CURLE_PARTIAL_FILE:
            throw Failure("GET \(display) failed: \(String(cString: curl_easy_strerror(code)))", retryable: true)
        default:
            throw Failure("GET \(display) failed: \(String(cString: curl_easy_strerror(code)))", retryable: false)
        }
        var status = 0
        _ = fa_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        if [301, 302, 303, 307, 308].contains(status) {
            var location: UnsafeMutablePointer<CChar>?
            _ = fa_curl_get_string(handle, CURLINFO_REDIRECT_URL, &location)
            guard let location else {
                throw Failure("GET \(display) answered HTTP \(status) without a Location", retryable: false)
            }
            return Answer(body: [], redirect: String(cString: location))
        }
        guard (200..<300).contains(status) else {
            // A server error or a rate limit may pass; a 404 or 403 will not.
            throw Failure(
                "GET \(display) answered HTTP \(status)", retryable: false, temporary: status >= 500 || status == 429)
        }
        return Answer(body: transfer.body, redirect: nil)
    }

    private static func seconds(_ t: TimeInterval) -> String {
        t == t.rounded() ? "\(Int(t)) s" : String(format: "%.1f s", t)
    }
}
