// SPDX-License-Identifier: MIT
// Runs iosr-http and collects what it prints (see http_helper.hpp).
#include "openbenchmarking/http_helper.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

extern char** environ;

namespace iosr::openbenchmarking {

namespace {

// Both ends of a pipe, closed when it goes.
struct pipe_ends {
  int read = -1, write = -1;
  pipe_ends() {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) == 0) read = fds[0], write = fds[1];
  }
  ~pipe_ends() {
    close_read();
    close_write();
  }
  pipe_ends(const pipe_ends&) = delete;
  pipe_ends& operator=(const pipe_ends&) = delete;
  void close_read() {
    if (read >= 0) close(read);
    read = -1;
  }
  void close_write() {
    if (write >= 0) close(write);
    write = -1;
  }
};

// The last non-empty line of what the helper said on standard error.
std::string last_line(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  const auto newline = text.rfind('\n');
  return newline == std::string::npos ? text : text.substr(newline + 1);
}

}  // namespace

helper_answer run_helper(const std::string& helper, const std::string& expected,
                         const std::vector<std::string>& arguments, std::uint64_t max_bytes) {
  helper_answer answer;
  if (access(helper.c_str(), X_OK) != 0) {
    answer.error = "the helper " + helper + " is missing (" + std::strerror(errno) +
                   "); expected it " + expected +
                   ", where the build and `cmake --install` put it (it needs libcurl: Debian "
                   "libcurl4-openssl-dev)";
    return answer;
  }
  pipe_ends out, err;
  if (out.read < 0 || err.read < 0) {
    answer.error = std::string("cannot run ") + helper + ": " + std::strerror(errno);
    return answer;
  }
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(helper.c_str()));
  for (const auto& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out.write, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err.write, STDERR_FILENO);
  pid_t child = -1;
  const int spawned = posix_spawn(&child, helper.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    answer.error = std::string("cannot run ") + helper + ": " + std::strerror(spawned);
    return answer;
  }
  out.close_write();
  err.close_write();

  // Both pipes at once: a helper blocked on a full standard error never finishes its answer.
  std::string said;
  bool too_large = false;
  char buffer[1 << 16];
  while (out.read >= 0 || err.read >= 0) {
    pollfd fds[2] = {{out.read, POLLIN, 0}, {err.read, POLLIN, 0}};
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      const auto got = read(fds[i].fd, buffer, sizeof buffer);
      if (got < 0 && errno == EINTR) continue;
      auto& ends = i == 0 ? out : err;
      if (got <= 0) {
        ends.close_read();
        continue;
      }
      auto& text = i == 0 ? answer.body : said;
      text.append(buffer, static_cast<std::size_t>(got));
      // The helper keeps to the limit; should it not, stop reading (it then gets SIGPIPE).
      if (i == 0 && answer.body.size() > max_bytes) {
        too_large = true;
        answer.body.clear();
        ends.close_read();
      }
      if (i == 1 && said.size() > (1 << 16)) said.erase(0, said.size() - (1 << 15));
    }
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (too_large) {
    answer.body.clear();
    answer.error = "the answer is more than " + std::to_string(max_bytes) +
                   " bytes; expected at most that (raise the 'input-bytes' limit)";
  } else if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    answer.ok = true;
  } else {
    answer.body.clear();
    answer.error = last_line(said);
    if (WIFSIGNALED(status)) {
      answer.error = helper + " was stopped by signal " + std::to_string(WTERMSIG(status));
    } else if (answer.error.empty()) {
      answer.error = helper + " failed with exit status " + std::to_string(WEXITSTATUS(status));
    }
  }
  return answer;
}

}  // namespace iosr::openbenchmarking
