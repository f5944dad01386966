package sparse // want package:`routes\(2\)`
