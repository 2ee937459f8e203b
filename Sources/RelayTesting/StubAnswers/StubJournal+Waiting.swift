public import Relay

extension StubJournal {
    /// Waits until the program's stub of `typeKey` has made `count` calls (`name`d, when given), as
    /// WireMock's verification waits for a number of requests: a test that must see calls the
    /// program makes on its own time waits for them here instead of polling.
    ///
    /// ```swift
    /// // the program imports in the background; two look-ups come
    /// let journal = try await answers.journal.wait(for: .catalogClient, "entry", count: 2)
    /// #expect(try journal.arguments(of: .catalogClient, "entry", as: String.self) == [dune.isbn, solaris.isbn])
    /// ```
    ///
    /// It counts calls as they reach the test: the calls it waited for may still be `pending` in
    /// the journal it returns, when their closures are running. It waits on the live journal of the
    /// ``StubAnswers`` this journal was read from, and is woken by each call: no polling. A journal
    /// made otherwise only checks its own entries.
    ///
    /// - Parameters:
    ///   - typeKey: The stubbed dependency's type key.
    ///   - name: The call's name; `nil` for any call of the stub.
    ///   - count: How many calls to wait for, at least.
    ///   - timeout: How long to wait at most; 10 seconds by default.
    /// - Returns: The journal once the calls have come, with every call so far.
    /// - Throws: ``StubJournalTimeout`` when fewer calls came within `timeout`, listing the calls
    ///   that did; `CancellationError` when the calling task is cancelled first.
    public func wait(
        for typeKey: DependencyTypeKey,
        _ name: String? = nil,
        count: Int,
        timeout: Duration = .seconds(10)
    ) async throws -> StubJournal {
        let tag = typeKey.tag
        let isSatisfied: @Sendable ([Entry]) -> Bool = { entries in
            entries.lazy.filter { $0.call.typeKey == tag && (name == nil || $0.call.name == name) }.count >= count
        }
        guard let answers else {
            if isSatisfied(entries) { return self }
            throw StubJournalTimeout(typeKey: tag, name: name, count: count, timeout: timeout, journal: self)
        }
        let satisfied = await answers.waitForJournal(timeout: timeout, until: isSatisfied)
        let journal = answers.journal
        if satisfied { return journal }
        try Task.checkCancellation()
        throw StubJournalTimeout(typeKey: tag, name: name, count: count, timeout: timeout, journal: journal)
    }
}
