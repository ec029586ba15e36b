import Foundation

extension StatusHTML {
    /// Character references: `&name;`, `&#123;`, `&#x7B;`.
    enum Entities {
        /// Decodes the character reference starting at `b[p]` (which should be `&`).
        /// Returns the scalar value and the number of bytes consumed, or nil when the bytes there are not
        /// a reference this converter knows; the caller then keeps the `&` as written.
        ///
        /// Named references need their `;`. Numeric ones may omit it, as browsers allow. Numeric values are
        /// mapped as HTML5 does: 0, surrogates and values past U+10FFFF become U+FFFD, and 0x80–0x9F are
        /// read as Windows-1252.
        static func decode(_ b: [UInt8], at p: Int) -> (scalar: UInt32, length: Int)? {
            guard p >= 0, p < b.count, b[p] == UInt8(ascii: "&") else { return nil }
            var q = p + 1
            guard q < b.count else { return nil }
            if b[q] == UInt8(ascii: "#") {
                q += 1
                var hex = false
                if q < b.count, b[q] == UInt8(ascii: "x") || b[q] == UInt8(ascii: "X") {
                    hex = true
                    q += 1
                }
                var value: UInt32 = 0
                var digits = 0
                while q < b.count {
                    let c = b[q]
                    let d: UInt32
                    if c >= 0x30 && c <= 0x39 {
                        d = UInt32(c - 0x30)
                    } else if hex && c >= 0x61 && c <= 0x66 {
                        d = UInt32(c - 0x61 + 10)
                    } else if hex && c >= 0x41 && c <= 0x46 {
                        d = UInt32(c - 0x41 + 10)
                    } else {
                        break
                    }
                    // Saturate instead of overflowing; anything past U+10FFFF becomes U+FFFD anyway.
                    if value <= 0x10FFFF { value = value * (hex ? 16 : 10) + d }
                    digits += 1
                    q += 1
                }
                guard digits > 0 else { return nil }
                if q < b.count, b[q] == UInt8(ascii: ";") { q += 1 }
                return (numeric(value), q - p)
            }
            let nameStart = q
            while q < b.count, q - nameStart <= 32, isAlphanumeric(b[q]) { q += 1 }
            guard q > nameStart, q < b.count, b[q] == UInt8(ascii: ";") else { return nil }
            let name = String(decoding: b[nameStart..<q], as: UTF8.self)
            guard let scalar = named[name] else { return nil }
            return (scalar, q + 1 - p)
        }

        @inline(__always) private static func isAlphanumeric(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
        }

        static func numeric(_ value: UInt32) -> UInt32 {
            if value == 0 || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF) { return 0xFFFD }
            if value >= 0x80 && value <= 0x9F {
                let index = Int(value - 0x80)
                return index < windows1252.count ? windows1252[index] : 0xFFFD
            }
            return value
        }

        /// HTML5's reading of numeric references 0x80–0x9F. The five undefined ones stay C1 controls,
        /// which the writer drops.
        private static let windows1252: [UInt32] = [
            0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
            0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
            0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
            0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
        ]

        /// A common subset of HTML5's named references (case-sensitive, as in HTML).
        static let named: [String: UInt32] = [
            "amp": 0x26, "AMP": 0x26, "lt": 0x3C, "LT": 0x3C, "gt": 0x3E, "GT": 0x3E,
            "quot": 0x22, "QUOT": 0x22, "apos": 0x27, "nbsp": 0xA0,
            "iexcl": 0xA1, "cent": 0xA2, "pound": 0xA3, "curren": 0xA4, "yen": 0xA5, "brvbar": 0xA6,
            "sect": 0xA7, "uml": 0xA8, "copy": 0xA9, "COPY": 0xA9, "ordf": 0xAA, "laquo": 0xAB, "not": 0xAC,
            "shy": 0xAD, "reg": 0xAE, "REG": 0xAE, "macr": 0xAF, "deg": 0xB0, "plusmn": 0xB1, "sup2": 0xB2,
            "sup3": 0xB3, "acute": 0xB4, "micro": 0xB5, "para": 0xB6, "middot": 0xB7, "cedil": 0xB8,
            "sup1": 0xB9, "ordm": 0xBA, "raquo": 0xBB, "frac14": 0xBC, "frac12": 0xBD, "frac34": 0xBE,
            "iquest": 0xBF,
            "Agrave": 0xC0, "Aacute": 0xC1, "Acirc": 0xC2, "Atilde": 0xC3, "Auml": 0xC4, "Aring": 0xC5,
            "AElig": 0xC6, "Ccedil": 0xC7, "Egrave": 0xC8, "Eacute": 0xC9, "Ecirc": 0xCA, "Euml": 0xCB,
            "Igrave": 0xCC, "Iacute": 0xCD, "Icirc": 0xCE, "Iuml": 0xCF, "ETH": 0xD0, "Ntilde": 0xD1,
            "Ograve": 0xD2, "Oacute": 0xD3, "Ocirc": 0xD4, "Otilde": 0xD5, "Ouml": 0xD6, "times": 0xD7,
            "Oslash": 0xD8, "Ugrave": 0xD9, "Uacute": 0xDA, "Ucirc": 0xDB, "Uuml": 0xDC, "Yacute": 0xDD,
            "THORN": 0xDE, "szlig": 0xDF,
            "agrave": 0xE0, "aacute": 0xE1, "acirc": 0xE2, "atilde": 0xE3, "auml": 0xE4, "aring": 0xE5,
            "aelig": 0xE6, "ccedil": 0xE7, "egrave": 0xE8, "eacute": 0xE9, "ecirc": 0xEA, "euml": 0xEB,
            "igrave": 0xEC, "iacute": 0xED, "icirc": 0xEE, "iuml": 0xEF, "eth": 0xF0, "ntilde": 0xF1,
            "ograve": 0xF2, "oacute": 0xF3, "ocirc": 0xF4, "otilde": 0xF5, "ouml": 0xF6, "divide": 0xF7,
            "oslash": 0xF8, "ugrave": 0xF9, "uacute": 0xFA, "ucirc": 0xFB, "uuml": 0xFC, "yacute": 0xFD,
            "thorn": 0xFE, "yuml": 0xFF,
            "OElig": 0x152, "oelig": 0x153, "Scaron": 0x160, "scaron": 0x161, "Yuml": 0x178, "fnof": 0x192,
            "circ": 0x2C6, "tilde": 0x2DC,
            "Alpha": 0x391, "Beta": 0x392, "Gamma": 0x393, "Delta": 0x394, "Epsilon": 0x395, "Zeta": 0x396,
            "Eta": 0x397, "Theta": 0x398, "Iota": 0x399, "Kappa": 0x39A, "Lambda": 0x39B, "Mu": 0x39C,
            "Nu": 0x39D, "Xi": 0x39E, "Omicron": 0x39F, "Pi": 0x3A0, "Rho": 0x3A1, "Sigma": 0x3A3,
            "Tau": 0x3A4, "Upsilon": 0x3A5, "Phi": 0x3A6, "Chi": 0x3A7, "Psi": 0x3A8, "Omega": 0x3A9,
            "alpha": 0x3B1, "beta": 0x3B2, "gamma": 0x3B3, "delta": 0x3B4, "epsilon": 0x3B5, "zeta": 0x3B6,
            "eta": 0x3B7, "theta": 0x3B8, "iota": 0x3B9, "kappa": 0x3BA, "lambda": 0x3BB, "mu": 0x3BC,
            "nu": 0x3BD, "xi": 0x3BE, "omicron": 0x3BF, "pi": 0x3C0, "rho": 0x3C1, "sigmaf": 0x3C2,
            "sigma": 0x3C3, "tau": 0x3C4, "upsilon": 0x3C5, "phi": 0x3C6, "chi": 0x3C7, "psi": 0x3C8,
            "omega": 0x3C9,
            "ensp": 0x2002, "emsp": 0x2003, "thinsp": 0x2009, "zwnj": 0x200C, "zwj": 0x200D,
            "lrm": 0x200E, "rlm": 0x200F, "ndash": 0x2013, "mdash": 0x2014, "horbar": 0x2015,
            "lsquo": 0x2018, "rsquo": 0x2019, "sbquo": 0x201A, "ldquo": 0x201C, "rdquo": 0x201D,
            "bdquo": 0x201E, "dagger": 0x2020, "Dagger": 0x2021, "bull": 0x2022, "bullet": 0x2022,
            "hellip": 0x2026, "mldr": 0x2026, "permil": 0x2030, "prime": 0x2032, "Prime": 0x2033,
            "lsaquo": 0x2039, "rsaquo": 0x203A, "oline": 0x203E, "frasl": 0x2044, "euro": 0x20AC,
            "trade": 0x2122, "TRADE": 0x2122, "larr": 0x2190, "uarr": 0x2191, "rarr": 0x2192,
            "darr": 0x2193, "harr": 0x2194, "lArr": 0x21D0, "rArr": 0x21D2, "hArr": 0x21D4,
            "forall": 0x2200, "part": 0x2202, "exist": 0x2203, "empty": 0x2205, "nabla": 0x2207,
            "isin": 0x2208, "notin": 0x2209, "sum": 0x2211, "minus": 0x2212, "lowast": 0x2217,
            "radic": 0x221A, "prop": 0x221D, "infin": 0x221E, "and": 0x2227, "or": 0x2228, "cap": 0x2229,
            "cup": 0x222A, "int": 0x222B, "there4": 0x2234, "sim": 0x223C, "cong": 0x2245,
            "asymp": 0x2248, "ne": 0x2260, "equiv": 0x2261, "le": 0x2264, "ge": 0x2265, "sub": 0x2282,
            "sup": 0x2283, "sube": 0x2286, "supe": 0x2287, "oplus": 0x2295, "otimes": 0x2297,
            "perp": 0x22A5, "sdot": 0x22C5, "loz": 0x25CA, "spades": 0x2660, "clubs": 0x2663,
            "hearts": 0x2665, "diams": 0x2666, "check": 0x2713, "cross": 0x2717, "star": 0x2606,
            "starf": 0x2605, "sharp": 0x266F, "flat": 0x266D, "natural": 0x266E,
            "Tab": 0x09, "NewLine": 0x0A, "excl": 0x21, "num": 0x23, "dollar": 0x24, "percnt": 0x25,
            "lpar": 0x28, "rpar": 0x29, "ast": 0x2A, "plus": 0x2B, "comma": 0x2C, "period": 0x2E,
            "sol": 0x2F, "colon": 0x3A, "semi": 0x3B, "equals": 0x3D, "quest": 0x3F, "commat": 0x40,
            "lsqb": 0x5B, "lbrack": 0x5B, "bsol": 0x5C, "rsqb": 0x5D, "rbrack": 0x5D, "Hat": 0x5E,
            "lowbar": 0x5F, "grave": 0x60, "lcub": 0x7B, "lbrace": 0x7B, "verbar": 0x7C, "vert": 0x7C,
            "rcub": 0x7D, "rbrace": 0x7D,
        ]
    }
}
