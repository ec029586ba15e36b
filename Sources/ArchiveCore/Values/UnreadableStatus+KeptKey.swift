import Crypto
import Foundation
import Models

extension UnreadableStatus {
    /// What a kept status is known by among its server's (`unreadable_statuses.item_key`): its id there,
    /// else the SHA-256 of its bytes, so that the same status seen again is kept once, the same way on
    /// either store (a store copied into the other keeps its keys).
    package var keptKey: String {
        id.map { "id:\($0)" } ?? "sha256:" + SHA256.hash(data: raw).lowercaseHex
    }
}
