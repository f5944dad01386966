package versioned // want package:`routes\(3\)`
