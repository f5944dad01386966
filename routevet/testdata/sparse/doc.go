package sparse // want package:`routes\(3\)`
