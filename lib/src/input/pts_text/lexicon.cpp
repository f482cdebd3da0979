// SPDX-License-Identifier: MIT
// Facts about PTS test titles and units (see lexicon.hpp).
//
// Where the entries come from:
//   - every chart header of the seeds (data/text/, tests/fixtures/seeds/), e.g. `Timed GCC
//     Compilation`, `Apache HBase`, `Microseconds - Average Latency`;
//   - the Result/Title and Result/Scale elements of the corpus XML files and the docs samples, the
//     Benchmark/Name of the 2008 files (`Ogg Encoding`), and the title/unit lines of the corpus
//     text exports (result-file-to-text output, markdown, e-mail and readme copies);
//   - the unit names of PTS's CSV short units (docs/pts-csv.md, "Results");
//   - titles and units of well-known PTS / OpenBenchmarking.org test profiles (disk, database,
//     compile, compression, web server, kernel, network and common CPU tests), as PTS prints them.
// Hand-made sample titles and units of the docs samples (`Example Small`, `Custom Script`,
// `Widgets`) are not PTS facts and are left out.
//
// The tables are data: one entry per line, grouped by first character, sorted with plain
// byte-wise `<` (digits, then upper case, then lower case) so std::binary_search works; no
// duplicates. Both properties are checked at compile time below.
#include "input/pts_text/lexicon.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <string_view>

namespace iosr::detail {
namespace {

using namespace std::string_view_literals;

constexpr std::array test_titles{
    // 0-9
    "7-Zip Compression"sv,
    // A
    "AIO-Stress"sv,
    "AOM AV1"sv,
    "ASKAP"sv,
    "ASTC Encoder"sv,
    "Aircrack-ng"sv,
    "Algebraic Multi-Grid Benchmark"sv,
    "Apache Benchmark"sv,
    "Apache Cassandra"sv,
    "Apache CouchDB"sv,
    "Apache HBase"sv,
    "Apache HTTP Server"sv,
    "Apache Hadoop"sv,
    "Apache IoTDB"sv,
    "Apache Siege"sv,
    "Apache Spark"sv,
    "Appleseed"sv,
    "Application Start-up Time"sv,
    // B
    "BYTE Unix Benchmark"sv,
    "Basis Universal"sv,
    "BlogBench"sv,
    "Bork File Encrypter"sv,
    "Botan"sv,
    "Build2"sv,
    "Bullet Physics Engine"sv,
    // C
    "C-Ray"sv,
    "CLOMP"sv,
    "CacheBench"sv,
    "Caffe"sv,
    "Chaos Group V-RAY"sv,
    "ClickHouse"sv,
    "CloverLeaf"sv,
    "CockroachDB"sv,
    "Compile Bench"sv,
    "Coremark"sv,
    "Cpuminer-Opt"sv,
    "Crafty"sv,
    "Crypto++"sv,
    "Cryptsetup"sv,
    "Cython Benchmark"sv,
    // D
    "DaCapo Benchmark"sv,
    "Darktable"sv,
    "Darmstadt Automotive Parallel Heterogeneous Suite"sv,
    "Dbench"sv,
    "Dolfyn"sv,
    "Dragonflydb"sv,
    // E
    "Ebizzy"sv,
    "Embree"sv,
    "Etcpak"sv,
    "Ethr"sv,
    // F
    "FFTW"sv,
    "FFmpeg"sv,
    "FLAC Audio Encoding"sv,
    "FS-Mark"sv,
    "Facebook RocksDB"sv,
    "Flexible IO Tester"sv,
    // G
    "GIMP"sv,
    "GNU GMP GMPbench"sv,
    "GNU Octave Benchmark"sv,
    "GPAW"sv,
    "GROMACS"sv,
    "Gcrypt Library"sv,
    "Git"sv,
    "GnuPG"sv,
    "Go Benchmarks"sv,
    "Google Draco"sv,
    "GraphicsMagick"sv,
    "Gzip Compression"sv,
    // H
    "HPC Challenge"sv,
    "Hackbench"sv,
    "Hierarchical INTegration"sv,
    "High Performance Conjugate Gradient"sv,
    "Himeno Benchmark"sv,
    // I
    "IOR"sv,
    "IOzone"sv,
    "IPC_benchmark"sv,
    "IndigoBench"sv,
    "InfluxDB"sv,
    "Inkscape"sv,
    "Intel MPI Benchmarks"sv,
    "Intel Open Image Denoise"sv,
    // J
    "JPEG XL Decoding libjxl"sv,
    "JPEG XL libjxl"sv,
    "Java 2D Microbenchmark"sv,
    "Java SciMark"sv,
    "John The Ripper"sv,
    // K
    "KeyDB"sv,
    "Kripke"sv,
    "Kvazaar"sv,
    // L
    "LAME MP3 Encoding"sv,
    "LAMMPS Molecular Dynamics Simulator"sv,
    "LULESH"sv,
    "LZ4 Compression"sv,
    "LZMA Compression"sv,
    "LeelaChessZero"sv,
    "LevelDB"sv,
    "LibreOffice"sv,
    "Liquid-DSP"sv,
    "Loopback TCP Network Performance"sv,
    "LuaJIT"sv,
    "LuxCoreRender"sv,
    // M
    "MBW"sv,
    "MariaDB"sv,
    "Memcached"sv,
    "Minion"sv,
    "Mlpack Benchmark"sv,
    "Mobile Neural Network"sv,
    "Monkey Audio Encoding"sv,
    // N
    "N-Queens"sv,
    "NAMD"sv,
    "NAS Parallel Benchmarks"sv,
    "NCNN"sv,
    "NGINX Benchmark"sv,
    "Nebular Empirical Analysis Tool"sv,
    "Nettle"sv,
    "Ngspice"sv,
    "Node.js V8 Web Tooling Benchmark"sv,
    "Numpy Benchmark"sv,
    // O
    "ONNX Runtime"sv,
    "OSBench"sv,
    "OSPRay"sv,
    "Ogg Encoding"sv,
    "OpenFOAM"sv,
    "OpenSSL"sv,
    "OpenVINO"sv,
    "Opus Codec Encoding"sv,
    // P
    "PHPBench"sv,
    "POV-Ray"sv,
    "Palabos"sv,
    "Parallel BZIP2 Compression"sv,
    "Parboil"sv,
    "Pennant"sv,
    "Perl Benchmarks"sv,
    "Pjdfstest"sv,
    "Polyhedron Fortran Benchmarks"sv,
    "PostMark"sv,
    "PostgreSQL"sv,
    "PostgreSQL pgbench"sv,
    "Primesieve"sv,
    "PyBench"sv,
    "PyPerformance"sv,
    "PyTorch"sv,
    // Q
    "QMCPACK"sv,
    "QuantLib"sv,
    // R
    "R Benchmark"sv,
    "RAMspeed SMP"sv,
    "RAR Compression"sv,
    "RNNoise"sv,
    "Radiance Benchmark"sv,
    "RawTherapee"sv,
    "Redis"sv,
    "Renaissance"sv,
    "RocksDB"sv,
    "Rodinia"sv,
    "Rust Prime Benchmark"sv,
    // S
    "SQLite"sv,
    "SQLite Speedtest"sv,
    "SVT-AV1"sv,
    "SVT-HEVC"sv,
    "SVT-VP9"sv,
    "Schbench"sv,
    "SciMark"sv,
    "Scikit-Learn"sv,
    "SecureMark"sv,
    "Selenium"sv,
    "Smallpt"sv,
    "Sockperf"sv,
    "Speedb"sv,
    "Stockfish"sv,
    "Stream"sv,
    "Stress-NG"sv,
    "Sunflow Rendering System"sv,
    "Sysbench"sv,
    "Systemd Total Boot Time"sv,
    // T
    "TNN"sv,
    "TTSIOD 3D Renderer"sv,
    "Tachyon"sv,
    "TensorFlow Lite"sv,
    "Threaded I/O Tester"sv,
    "Timed Apache Compilation"sv,
    "Timed CPython Compilation"sv,
    "Timed Eigen Compilation"sv,
    "Timed Erlang/OTP Compilation"sv,
    "Timed FFmpeg Compilation"sv,
    "Timed GCC Compilation"sv,
    "Timed GDB GNU Debugger Compilation"sv,
    "Timed Gem5 Compilation"sv,
    "Timed Godot Game Engine Compilation"sv,
    "Timed HMMer Search"sv,
    "Timed ImageMagick Compilation"sv,
    "Timed LLVM Compilation"sv,
    "Timed Linux Kernel Compilation"sv,
    "Timed MAFFT Alignment"sv,
    "Timed MPlayer Compilation"sv,
    "Timed Mesa Compilation"sv,
    "Timed MrBayes Analysis"sv,
    "Timed Node.js Compilation"sv,
    "Timed PHP Compilation"sv,
    "Timed Wasmer Compilation"sv,
    "Tinymembench"sv,
    "Tungsten Renderer"sv,
    // U
    "Unpacking Firefox"sv,
    "Unpacking The Linux Kernel"sv,
    // V
    "VP9 libvpx Encoding"sv,
    // W
    "WavPack Audio Encoding"sv,
    "WebP Image Encode"sv,
    "WebP2 Image Encode"sv,
    // X
    "XZ Compression"sv,
    "Xcompact3d Incompact3d"sv,
    "Xmrig"sv,
    // Y
    "YafaRay"sv,
    // Z
    "Z3 Theorem Prover"sv,
    "Zstd Compression"sv,
    // lower-case a
    "asmFish"sv,
    // lower-case c
    "ctx_clock"sv,
    // lower-case d
    "dav1d"sv,
    "dcraw"sv,
    // lower-case e
    "eSpeak-NG Speech Engine"sv,
    "etcd"sv,
    // lower-case i
    "iPerf"sv,
    // lower-case l
    "libavif avifenc"sv,
    "libjpeg-turbo tjbench"sv,
    "lzbench"sv,
    // lower-case m
    "miniFE"sv,
    // lower-case n
    "nginx"sv,
    // lower-case o
    "oneDNN"sv,
    // lower-case p
    "perf-bench"sv,
    // lower-case r
    "rav1e"sv,
    // lower-case s
    "simdjson"sv,
    // lower-case x
    "x264"sv,
    "x265"sv,
};

constexpr std::array units{
    // B
    "Bogo Ops/s"sv,
    "Bytes"sv,
    // C
    "Celsius"sv,
    "Clocks"sv,
    // E
    "Events Per Second"sv,
    // F
    "FPS"sv,
    "Files/s"sv,
    "Final Score"sv,
    "Frames Per Second"sv,
    // G
    "GB/s"sv,
    "GFLOP/s"sv,
    "GFLOPS"sv,
    "GMPbench Score"sv,
    // H
    "H/s"sv,
    // I
    "IOPS"sv,
    "Images / Sec"sv,
    "Inferences Per Second"sv,
    "Iterations Per Minute"sv,
    "Iterations/Sec"sv,
    // M
    "M samples/s"sv,
    "MB/s"sv,
    "MFLOPS"sv,
    "MIPS"sv,
    "Mbits/sec"sv,
    "Megahertz"sv,
    "Megapixels/sec"sv,
    "Messages Per Second"sv,
    "Mflops"sv,
    "MiB/s"sv,
    "MiB/sec"sv,
    "MiB/second"sv,
    "Microseconds"sv,
    "Microseconds - Average Latency"sv,
    "Microseconds Per Op"sv,
    "Milli-Seconds"sv,
    "Milliseconds"sv,
    // N
    "Nanoseconds"sv,
    "Nanoseconds/Operation"sv,
    "Nodes Per Second"sv,
    "Nodes/s"sv,
    "Nodes/sec"sv,
    "Nodes/second"sv,
    "Ns Per Day"sv,
    "Ns Per Event"sv,
    // O
    "Op/s"sv,
    "Ops per sec"sv,
    "Ops/sec"sv,
    // P
    "Percent"sv,
    // Q
    "Queries Per Minute, Geo Mean"sv,
    "Queries Per Second"sv,
    // R
    "Real C/S"sv,
    "Records/s"sv,
    "Relative Performance"sv,
    "Requests Per Second"sv,
    "Rows Per Second"sv,
    // S
    "Score"sv,
    "Seconds"sv,
    "Signs Per Second"sv,
    // T
    "TPS"sv,
    "Test Pass / Fail"sv,
    "Total Mop/s"sv,
    // W
    "Watts"sv,
    // lower-case b
    "byte/s"sv,
    // lower-case d
    "days/ns"sv,
    // lower-case k
    "k/s"sv,
    "kH/s"sv,
    // lower-case m
    "ms"sv,
    // lower-case n
    "ns/day"sv,
    "ns/op"sv,
    // lower-case o
    "ops/sec"sv,
    // lower-case s
    "samples/s"sv,
    "sec"sv,
    "sign/s"sv,
    // lower-case u
    "us Per Event"sv,
    "usec"sv,
    "usec, 99.9th Latency Percentile"sv,
    // lower-case v
    "val/sec"sv,
    "verify/s"sv,
};

template <std::size_t N>
constexpr bool strictly_sorted(const std::array<std::string_view, N>& table) {
  return std::adjacent_find(table.begin(), table.end(), std::greater_equal<>{}) == table.end();
}

static_assert(strictly_sorted(test_titles), "test titles must be byte-wise sorted and unique");
static_assert(strictly_sorted(units), "units must be byte-wise sorted and unique");

}  // namespace

std::span<const std::string_view> known_test_titles() { return test_titles; }

std::span<const std::string_view> known_units() { return units; }

}  // namespace iosr::detail
