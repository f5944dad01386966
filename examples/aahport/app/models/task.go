// Package models holds the application's data: its tasks, in memory.
package models

import (
	"cmp"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Task is one task, as the API writes it.
type Task struct {
	ID    int64  `json:"id"`
	Title string `json:"title"`
	Due   string `json:"due,omitempty"` // YYYY-MM-DD
	Done  bool   `json:"done"`
	By    string `json:"by"`
}

// NewTask is the body of a request that creates a task.
type NewTask struct {
	Title string `json:"title"`
	Due   string `json:"due"` // YYYY-MM-DD, or none
}

// FieldError is a value of a request body that is not valid: the field,
// as the JSON names it, and why.
type FieldError struct {
	Field, Reason string
}

func (e *FieldError) Error() string { return e.Field + " " + e.Reason }

// Validate checks the values as aah's validate tags did on a bound
// struct: a title (required, at most 80 characters), and a due date, if
// any, as a date.
func (t *NewTask) Validate() error {
	t.Title = strings.TrimSpace(t.Title)
	switch {
	case t.Title == "":
		return &FieldError{Field: "title", Reason: "is required"}
	case utf8.RuneCountInString(t.Title) > 80:
		return &FieldError{Field: "title", Reason: "is longer than 80 characters"}
	}
	if t.Due != "" {
		if _, err := time.Parse(time.DateOnly, t.Due); err != nil {
			return &FieldError{Field: "due", Reason: "is not a date (YYYY-MM-DD)"}
		}
	}
	return nil
}

// Tasks is the list of tasks, safe for concurrent use.
type Tasks struct {
	mu    sync.Mutex
	tasks []Task // by ID
	next  int64
}

// NewTasks returns a list holding tasks, numbered from 1.
func NewTasks(tasks ...Task) *Tasks {
	l := &Tasks{next: 1}
	for _, t := range tasks {
		t.ID = l.next
		l.next++
		l.tasks = append(l.tasks, t)
	}
	return l
}

// All returns every task.
func (l *Tasks) All() []Task {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.tasks)
}

// Get returns the task of id.
func (l *Tasks) Get(id int64) (Task, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	i, ok := l.find(id)
	if !ok {
		return Task{}, false
	}
	return l.tasks[i], true
}

// Add adds a task by the user by and returns it with its ID.
func (l *Tasks) Add(t NewTask, by string) Task {
	l.mu.Lock()
	defer l.mu.Unlock()
	task := Task{ID: l.next, Title: t.Title, Due: t.Due, By: by}
	l.next++
	l.tasks = append(l.tasks, task)
	return task
}

// Delete removes the task of id; false when there is none.
func (l *Tasks) Delete(id int64) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	i, ok := l.find(id)
	if ok {
		l.tasks = slices.Delete(l.tasks, i, i+1)
	}
	return ok
}

func (l *Tasks) find(id int64) (int, bool) {
	return slices.BinarySearchFunc(l.tasks, id, func(t Task, id int64) int { return cmp.Compare(t.ID, id) })
}
