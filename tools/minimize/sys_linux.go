package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// workerSysProcAttr puts a worker in a process group of its own, so that
// Ctrl-C in the terminal reaches only the tool, which then saves its best
// input and stops the workers itself; and it has the kernel kill the
// worker if the tool dies first.
func workerSysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// signalQuit asks a hung Go process to dump every goroutine's stack to
// stderr and exit: the runtime's SIGQUIT handler. With GOTRACEBACK=all the
// handler prints a goroutine running on another thread only as "stack
// unavailable", and a hung target is running. So the signal goes to the
// thread that is running and has used the most CPU time, which is the
// thread stuck in the loop or the recursion; the handler prints the
// goroutine it interrupted first, in full. A target that is blocked, not
// running, gets the signal as a process: every parked goroutine prints.
func signalQuit(p *os.Process) error {
	if tid := busiestThread(p.Pid); tid > 0 {
		if err := syscall.Tgkill(p.Pid, tid, syscall.SIGQUIT); err == nil {
			return nil
		}
	}
	return p.Signal(syscall.SIGQUIT)
}

// busiestThread returns the running thread of pid with the most CPU
// time, or 0 if none is running.
func busiestThread(pid int) int {
	dirs, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task")
	if err != nil {
		return 0
	}
	best, bestTime := 0, -1
	for _, d := range dirs {
		tid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "task", d.Name(), "stat"))
		if err != nil {
			continue
		}
		// The command name is in parentheses and may hold spaces; the
		// fields after it are state (3), ..., utime (14), stime (15).
		s := string(stat)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 13 || f[0] != "R" {
			continue
		}
		ut, _ := strconv.Atoi(f[11])
		st, _ := strconv.Atoi(f[12])
		if ut+st > bestTime {
			best, bestTime = tid, ut+st
		}
	}
	return best
}
