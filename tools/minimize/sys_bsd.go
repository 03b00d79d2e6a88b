//go:build darwin || freebsd || openbsd

package main

import (
	"os"
	"syscall"
)

// workerSysProcAttr puts a worker in a process group of its own, so that
// Ctrl-C in the terminal reaches only the tool, which then saves its best
// input and stops the workers itself.
func workerSysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}

// signalQuit asks a hung Go process to dump every goroutine's stack to
// stderr and exit: the runtime's SIGQUIT handler. (On Linux it is aimed
// at the running thread; see sys_linux.go.)
func signalQuit(p *os.Process) error { return p.Signal(syscall.SIGQUIT) }
