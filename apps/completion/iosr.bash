# SPDX-License-Identifier: MIT
# Bash completion for iosr. Everything is asked of iosr itself at completion time, so it
# follows the installed version: the commands from `iosr --help`, a command's options, format
# names and the values an option lists as `(one of: a, b or c)` from `iosr COMMAND --help`,
# read unwrapped (COLUMNS=9999: iosr wraps its help to the width) so that no wrapped line is
# taken for an option or a format.
# Files and directories (with their slash) are completed everywhere else.

# The names listed under "commands:" in `iosr --help`.
_iosr_commands() {
  COLUMNS=9999 "$1" --help 2>/dev/null | sed -n '/^commands:$/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p'
}

# The commands a command lists under "commands:" in its help (`iosr db --help`); none for most.
_iosr_subcommands() {
  COLUMNS=9999 "$1" "$2" --help 2>/dev/null | sed -n '/^commands:$/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p'
}

# Every -x and --long option of a command's help ("  -t, --to arg   output format"; an option
# line is indented 2 to 6 spaces, a description's next lines far more). The arguments after
# the first are the command's words: `convert`, or `db import`.
_iosr_options() {
  local iosr=$1
  shift
  COLUMNS=9999 "$iosr" "$@" --help 2>/dev/null |
    sed -nE 's/^ {2,6}(-[a-zA-Z], )?(--[a-z][a-z0-9-]*).*/\1\2/p' | tr ', ' '\n\n'
}

# Options of a command's help that take a value (an "arg" or upper-case word follows them).
_iosr_value_options() {
  local iosr=$1
  shift
  COLUMNS=9999 "$iosr" "$@" --help 2>/dev/null |
    sed -nE 's/^ {2,6}(-[a-zA-Z], )?(--[a-z][a-z0-9-]*) (arg|[A-Z][A-Z=]*) .*/\1\2/p' |
    tr ', ' '\n\n'
}

# The values option $2 lists in its description as "(one of: a, b or c)", one per line; the
# arguments after the second are the command's words.
_iosr_choices() {
  local iosr=$1 option=$2
  shift 2
  COLUMNS=9999 "$iosr" "$@" --help 2>/dev/null | awk -v option="$option" '
    /^ +-/ && match($0, /^ +/) && RLENGTH <= 6 {
      on = 0
      if (match($0, /--[a-z][a-z0-9-]*/)) on = substr($0, RSTART, RLENGTH) == option
      if (match($0, /^ +-[a-zA-Z],/)) on = on || substr($0, RSTART + RLENGTH - 3, 2) == option
    }
    on { text = text " " $0 }
    END {
      if (!match(text, /\(one of: [^)]*\)/)) exit
      list = substr(text, RSTART + 9, RLENGTH - 10)
      gsub(/ +/, " ", list)
      gsub(/, | or /, "\n", list)
      print list
    }'
}

# Files and directories starting with $1, a directory with its slash (`results/`), so that
# the next tab goes on into it.
_iosr_paths() {
  local path
  while IFS= read -r path; do
    [[ -d $path ]] && path+=/
    printf '%s\n' "$path"
  done < <(compgen "${2:--f}" -- "$1")
}

# The OpenBenchmarking.org result IDs in iosr's cache, which stand for files
# (docs/openbenchmarking.md): the names of $XDG_CACHE_HOME/iosr/openbenchmarking/*.xml.
_iosr_cached_ids() {
  local dir=${XDG_CACHE_HOME:-} file
  [[ $dir == /* ]] || dir=$HOME/.cache
  for file in "$dir"/iosr/openbenchmarking/*.xml; do
    [[ -f $file ]] || continue
    file=${file##*/}
    printf '%s\n' "${file%.xml}"
  done
}

# The format names a command's help lists, one per line as "  name: what it is".
_iosr_formats() {
  local iosr=$1
  shift
  COLUMNS=9999 "$iosr" "$@" --help 2>/dev/null | sed -nE 's/^ +([a-z][a-z0-9+-]*): .*/\1/p'
}

_iosr() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
  local iosr=${COMP_WORDS[0]}
  # `~/bin/iosr` as typed is not a path bash can run: then ask the iosr on PATH.
  command -v -- "$iosr" >/dev/null 2>&1 || iosr=iosr
  COMPREPLY=()

  # --to=csv: bash makes '=' a word of its own, so the option is one word further back.
  if [[ $cur == = ]]; then
    cur=""
  elif [[ $prev == = ]] && ((COMP_CWORD >= 3)); then
    prev=${COMP_WORDS[COMP_CWORD - 2]}
  fi

  if ((COMP_CWORD == 1)); then
    mapfile -t COMPREPLY < <(compgen -W "$(_iosr_commands "$iosr") help --help --version" -- "$cur")
    return
  fi
  local -a command=("${COMP_WORDS[1]}")
  if [[ ${command[0]} == help ]]; then
    ((COMP_CWORD == 2)) &&
      mapfile -t COMPREPLY < <(compgen -W "$(_iosr_commands "$iosr")" -- "$cur")
    return
  fi
  # `iosr db import`: the second word is a command of the first, and names the options.
  local subcommands
  subcommands=$(_iosr_subcommands "$iosr" "${command[0]}")
  if [[ -n $subcommands ]]; then
    if ((COMP_CWORD == 2)); then
      mapfile -t COMPREPLY < <(compgen -W "$subcommands --help" -- "$cur")
      return
    fi
    command+=("${COMP_WORDS[2]}")
  fi

  # `iosr fetch -o DIR`: its -o is a directory.
  [[ $command == fetch && $prev == -o ]] && prev=--out-dir
  # An option that lists its values (--group-by, --sort, --by).
  if [[ $prev == -* ]]; then
    local choices
    choices=$(_iosr_choices "$iosr" "$prev" "${command[@]}")
    if [[ -n $choices ]]; then
      mapfile -t COMPREPLY < <(compgen -W "$choices" -- "$cur")
      return
    fi
  fi
  case $prev in
    -t | --to | -f | --format)
      mapfile -t COMPREPLY < <(compgen -W "$(_iosr_formats "$iosr" "${command[@]}")" -- "$cur")
      return
      ;;
    -o | --output | --combine | --report | --db)
      ;; # a file: below
    --out-dir)
      mapfile -t COMPREPLY < <(_iosr_paths "$cur" -d)
      _iosr_path_options
      return
      ;;
    -*)
      # Another option that takes a value (--baseline NAME, --width N): nothing to offer.
      if _iosr_value_options "$iosr" "${command[@]}" | grep -qxF -- "$prev"; then
        return
      fi
      ;;
  esac

  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(_iosr_options "$iosr" "${command[@]}")" -- "$cur")
    return
  fi
  # An input: a file, or a cached result ID (`iosr fetch` takes IDs only).
  local ids
  ids=$(_iosr_cached_ids)
  if [[ $command == fetch ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$ids" -- "$cur")
    return
  fi
  mapfile -t COMPREPLY < <(_iosr_paths "$cur"; compgen -W "$ids" -- "$cur")
  _iosr_path_options
}

# Paths are quoted as file names, and a lone directory takes no space after its slash.
_iosr_path_options() {
  compopt -o filenames 2>/dev/null
  if ((${#COMPREPLY[@]} == 1)) && [[ ${COMPREPLY[0]} == */ ]]; then
    compopt -o nospace 2>/dev/null
  fi
}

complete -F _iosr iosr
