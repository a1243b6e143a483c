import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A plain HTTP GET with a timeout and one retry on a transport error (SPEC §7). Bodies larger than
/// `maxBytes` are refused while they arrive, so a misconfigured URL cannot exhaust memory or time.
struct HTTPFetcher {
    struct FetchError: Error, CustomStringConvertible {
        let description: String
    }

    let timeout: TimeInterval
    var maxBytes = 16 << 20

    func get(_ url: String) throws(FetchError) -> [UInt8] {
        do {
            return try attempt(url)
        } catch let first {
            guard first.retryable else { throw FetchError(description: first.description) }
            do { return try attempt(url) } catch { throw FetchError(description: error.description) }
        }
    }

    /// Receives the body as it arrives and cancels the transfer as soon as it passes `maxBytes` (or the
    /// declared length does), so a 50 MB answer costs 16 MB of memory and the time to read 16 MB, not more.
    private final class Receiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let maxBytes: Int
        var body = Data()
        var response: URLResponse?
        var error: Error?
        var overLimit = false
        let done = DispatchSemaphore(value: 0)

        init(maxBytes: Int) { self.maxBytes = maxBytes }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            self.response = response
            if response.expectedContentLength > Int64(maxBytes) {
                overLimit = true
                completionHandler(.cancel)
            } else {
                completionHandler(.allow)
            }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            guard !overLimit else { return }
            if body.count + data.count > maxBytes {
                overLimit = true
                dataTask.cancel()
                return
            }
            body.append(data)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            self.error = error
            done.signal()
        }
    }

    private func attempt(_ urlString: String) throws(FetchErrorWithRetry) -> [UInt8] {
        guard let url = URL(string: urlString) else { throw FetchErrorWithRetry(description: "not a valid URL", retryable: false) }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = timeout
        config.timeoutIntervalForResource = timeout
        let receiver = Receiver(maxBytes: maxBytes)
        let session = URLSession(configuration: config, delegate: receiver, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request)
        task.resume()
        if receiver.done.wait(timeout: .now() + timeout + 1) == .timedOut {
            task.cancel()
            throw FetchErrorWithRetry(description: "GET \(urlString) timed out after \(Int(timeout)) s", retryable: false)
        }
        if receiver.overLimit {
            throw FetchErrorWithRetry(description: "GET \(urlString) returned more than the \(maxBytes)-byte limit; the transfer was stopped there",
                                      retryable: false)
        }
        if let error = receiver.error {
            let ns = error as NSError
            if ns.code == NSURLErrorTimedOut {
                throw FetchErrorWithRetry(description: "GET \(urlString) timed out after \(Int(timeout)) s", retryable: false)
            }
            throw FetchErrorWithRetry(description: "GET \(urlString) failed: \(error.localizedDescription)", retryable: true)
        }
        guard let http = receiver.response as? HTTPURLResponse else {
            throw FetchErrorWithRetry(description: "GET \(urlString): no HTTP response", retryable: true)
        }
        guard (200..<300).contains(http.statusCode) else {
            throw FetchErrorWithRetry(description: "GET \(urlString) answered HTTP \(http.statusCode)", retryable: false)
        }
        return [UInt8](receiver.body)
    }

    private struct FetchErrorWithRetry: Error {
        let description: String
        let retryable: Bool
    }
}
