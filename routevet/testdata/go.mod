module example.com/hotels

go 1.25.0
