// Package routes is generated from routes.conf.
package routes

//go:generate go tool routegen --security security.conf
