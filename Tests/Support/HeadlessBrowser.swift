import Foundation

/// Debian's Chromium, headless, laying out an exported page as a reader's browser would and reporting
/// what it measured (export pages, and `icebox serve`'s pages saved as files). The page itself is loaded unchanged (its CSP still forbids scripts): a
/// harness page beside it holds it in a frame exactly `width` pixels wide and reads the frame's layout.
public enum HeadlessBrowser {
    /// `chromium` (or `chromium-browser`) on PATH, else nil.
    public static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":").map(String.init) + ["/usr/bin"] {
            for name in ["chromium", "chromium-browser"] {
                let url = URL(fileURLWithPath: folder).appending(path: name)
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
        }
        return nil
    }()

    /// In CI (`CI=true`) the browser tests always run, so a missing Chromium fails them; elsewhere they
    /// are skipped without one.
    public static var shouldRun: Bool {
        executable != nil || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// What the browser measured of a page laid out `viewport` pixels wide.
    public struct Layout: Decodable, Sendable {
        public struct Picture: Decodable, Sendable {
            public var left: Double, right: Double, width: Double, height: Double
            public var naturalWidth: Double, naturalHeight: Double
        }
        public var viewport: Double
        /// The page's full width: more than `viewport` means it scrolls sideways.
        public var scrollWidth: Double
        public var height: Double
        /// Characters of text shown (`innerText`), and the height of pictures among the page's height.
        public var textLength: Int
        public var pictureHeight: Double
        /// The width of each post's text column (its box inside its padding), in page order.
        public var columns: [Double]
        public var pictures: [Picture]
    }

    public enum Failure: Error, CustomStringConvertible {
        case noBrowser
        case noMeasure(String)
        public var description: String {
            switch self {
            case .noBrowser: "Chromium is not installed: apt-get install chromium (scripts/setup does)"
            case .noMeasure(let output): "the browser wrote no measurement; it said: \(output.suffix(2000))"
            }
        }
    }

    /// Lays out `page` (an `index.html` in an unpacked export) `viewport` pixels wide and returns what
    /// the harness read. Nothing leaves the machine: every host name resolves to nothing and Chromium's
    /// own background traffic is switched off.
    public static func layout(of page: URL, viewport: Int) async throws -> Layout {
        guard let executable else { throw Failure.noBrowser }
        let harness = page.deletingLastPathComponent().appending(path: "measure-\(viewport).html")
        try Data(harnessPage(frame: page.lastPathComponent, width: viewport).utf8).write(to: harness)
        let profile = try TemporaryDirectory("icebox-chromium")
        let result = try await CommandRunner.run(
            executable,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                "--user-data-dir=\(profile.path)", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-extensions", "--no-pings",
                "--host-resolver-rules=MAP * ~NOTFOUND", "--window-size=\(max(viewport, 800) + 40),900",
                "--virtual-time-budget=5000", "--dump-dom", harness.absoluteString,
            ], environment: ["HOME": profile.path])
        guard let match = result.stdout.firstMatch(of: #/<pre id="measure">([^<]*)</pre>/#) else {
            throw Failure.noMeasure(result.stdout.prefix(500) + "\n" + result.stderr)
        }
        let json = String(match.1).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(
            of: "&amp;", with: "&")
        return try JSONDecoder().decode(Layout.self, from: Data(json.utf8))
    }

    /// The harness: the page in a frame of the given width (its media queries and `vw` see that width),
    /// and a script that writes the frame's layout into a `<pre>` once everything has loaded.
    private static func harnessPage(frame: String, width: Int) -> String {
        """
        <!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">
        <iframe id="page" src="\(frame)" style="border:0; width:\(width)px; height:300px"></iframe>
        <script>
        addEventListener('load', () => {
            const doc = document.getElementById('page').contentDocument, view = doc.defaultView;
            const inner = (element) => {
                const style = view.getComputedStyle(element);
                return element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            };
            const pictures = [...doc.querySelectorAll('figure img')].map((image) => {
                const box = image.getBoundingClientRect();
                return { left: box.left, right: box.right, width: box.width, height: box.height,
                         naturalWidth: image.naturalWidth, naturalHeight: image.naturalHeight };
            });
            const result = {
                viewport: view.innerWidth, scrollWidth: doc.documentElement.scrollWidth,
                height: doc.documentElement.scrollHeight, textLength: doc.body.innerText.length,
                pictureHeight: [...doc.querySelectorAll('.media')].reduce((sum, m) => sum + m.getBoundingClientRect().height, 0),
                columns: [...doc.querySelectorAll('article')].map(inner), pictures };
            const out = document.createElement('pre');
            out.id = 'measure';
            out.textContent = JSON.stringify(result);
            document.body.append(out);
        });
        </script></body></html>
        """
    }
}
