extension RegistrationTable {
    /// The cached instance of `registration`, one of this table's, copied out under the read
    /// stripe; what `otherwise` returns when none is cached (or it was replaced meanwhile and its
    /// instance dropped).
    @inline(__always)
    func cachedInstance<Service, Failure: Error>(
        of registration: Registration<Service>,
        otherwise: () throws(Failure) -> Service
    ) throws(Failure) -> Service {
        let access = beginRead()
        if let cached = registration.cachedStorage {
            return endRead(access, copying: cached, as: Service.self)
        }
        endRead(access)
        return try otherwise()
    }
}
