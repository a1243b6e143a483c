import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A plain HTTP GET with a timeout and one retry on a transport error (SPEC §7). Bodies larger than
/// `maxBytes` are refused so a misconfigured URL cannot exhaust memory.
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

    private final class Box: @unchecked Sendable {
        var data: Data?
        var response: URLResponse?
        var error: Error?
    }

    private func attempt(_ urlString: String) throws(FetchErrorWithRetry) -> [UInt8] {
        guard let url = URL(string: urlString) else { throw FetchErrorWithRetry(description: "not a valid URL", retryable: false) }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = timeout
        config.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: config)
        defer { session.finishTasksAndInvalidate() }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            box.data = data
            box.response = response
            box.error = error
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + timeout + 1) == .timedOut {
            task.cancel()
            throw FetchErrorWithRetry(description: "GET \(urlString) timed out after \(Int(timeout)) s", retryable: false)
        }
        if let error = box.error {
            let ns = error as NSError
            if ns.code == NSURLErrorTimedOut {
                throw FetchErrorWithRetry(description: "GET \(urlString) timed out after \(Int(timeout)) s", retryable: false)
            }
            throw FetchErrorWithRetry(description: "GET \(urlString) failed: \(error.localizedDescription)", retryable: true)
        }
        guard let http = box.response as? HTTPURLResponse else {
            throw FetchErrorWithRetry(description: "GET \(urlString): no HTTP response", retryable: true)
        }
        guard (200..<300).contains(http.statusCode) else {
            throw FetchErrorWithRetry(description: "GET \(urlString) answered HTTP \(http.statusCode)", retryable: false)
        }
        let data = box.data ?? Data()
        guard data.count <= maxBytes else {
            throw FetchErrorWithRetry(description: "GET \(urlString) returned \(data.count) bytes, more than the \(maxBytes)-byte limit", retryable: false)
        }
        return [UInt8](data)
    }

    private struct FetchErrorWithRetry: Error {
        let description: String
        let retryable: Bool
    }
}
