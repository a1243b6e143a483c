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

    /// Hosts a redirect may never lead to: the link-local range, where clouds answer metadata requests with
    /// credentials, and the metadata services' names.
    static func isForbiddenRedirectHost(_ host: String) -> Bool {
        let h = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if ["metadata.google.internal", "metadata", "100.100.100.200", "fd00:ec2::254"].contains(h) { return true }
        if h.hasPrefix("169.254.") || h.hasPrefix("fe80:") { return true }
        return false
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
            if line.hasPrefix("HTTP/") { transfer.contentEncoding = nil }  // each response's own headers
            if let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == "content-encoding" {
                transfer.contentEncoding = line[line.index(after: colon)...].trimmingCharacters(
                    in: .whitespacesAndNewlines)
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
        case CURLE_UNSUPPORTED_PROTOCOL:
            throw Failure("GET \(display): only http and https URLs are fetched", retryable: false)
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
