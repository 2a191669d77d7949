extension Record {
    /// A record from entries that rarely repeat a key, such as a parsed JSON object's.
    ///
    /// The entries are taken as they are when their keys are distinct, which is checked
    /// without building anything for small records and by the key index a large record
    /// builds anyway. Only when a key repeats are they merged as ``init(_:)`` does: first
    /// position, last value.
    init(parsedEntries entries: [Entry]) {
        if entries.count >= AggregateHashing.cacheThreshold {
            self.init(uniqueEntries: entries)
            if let index, index.positions.count != entries.count {
                self.init(entries.lazy.map { ($0.key, $0.value) })
            }
            return
        }
        for later in entries.indices.dropFirst() {
            for earlier in 0..<later where entries[earlier].key == entries[later].key {
                self.init(entries.lazy.map { ($0.key, $0.value) })
                return
            }
        }
        self.init(uniqueEntries: entries)
    }
}
