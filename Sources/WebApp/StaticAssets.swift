import Hummingbird
import NIOCore

/// The stylesheet and scripts, kept in the binary like the templates (no build step, nothing to
/// install beside `rebut`). The service worker is served from the root so its scope is the site.
enum StaticAssets {
    static let files: [String: (type: String, text: String)] = [
        "/static/app.css": ("text/css; charset=utf-8", StyleSheet.css),
        "/static/app.js": ("text/javascript; charset=utf-8", Scripts.app),
        "/static/picker.js": ("text/javascript; charset=utf-8", Scripts.picker),
        "/static/upload.js": ("text/javascript; charset=utf-8", Scripts.upload),
        "/static/manifest.json": ("application/manifest+json", Scripts.manifest),
        "/sw.js": ("text/javascript; charset=utf-8", Scripts.serviceWorker),
    ]

    static func register(on router: Router<WebContext>) {
        for (path, file) in files {
            let body = ByteBuffer(string: file.text)
            router.get(RouterPath(path)) { _, _ in
                Response(status: .ok,
                         headers: [.contentType: file.type, .cacheControl: path == "/sw.js" ? "no-cache" : "public, max-age=300"],
                         body: .init(byteBuffer: body))
            }
        }
    }
}
