def f():
    """
    ,osbench,  << marker
    <empty line>
     ,,"base","fwrapv"
    Processor,,2 x Intel Xeon E5-2680 v2 @ 3.60GHz (20 Cores / 40 Threads),2 x Intel Xeon E5-2680 v2 @ 3.60GHz (20 Cores / 40 Threads)
    Motherboard,,HP 158A (J61 v03.69 BIOS),HP 158A (J61 v03.69 BIOS)
    Chipset,,Intel Xeon E7 v2/Xeon,Intel Xeon E7 v2/Xeon
    Memory,,8 x GB DDR3-1600MT/s HMT41GR7AFR4A-PB,8 x GB DDR3-1600MT/s HMT41GR7AFR4A-PB
    Disk,,2000GB TOSHIBA DT01ACA2 + 256GB SanDisk SD8TB8U2,2000GB TOSHIBA DT01ACA2 + 256GB SanDisk SD8TB8U2
    Graphics,,NVIDIA NVE4 4GB,NVIDIA NVE4 4GB
    Audio,,Realtek ALC262,Realtek ALC262
    Monitor,,LS24A40xU,LS24A40xU
    Network,,Intel 82579LM + Intel 82574L,Intel 82579LM + Intel 82574L
    OS,,Debian 11,Debian 11
    Kernel,,5.10.0-21-amd64 (x86_64),5.10.0-21-amd64 (x86_64)
    Display Server,,X Server 1.20.11,X Server 1.20.11
    Display Driver,,nouveau,nouveau
    OpenGL,,4.3 Mesa 20.3.5,4.3 Mesa 20.3.5
    Vulkan,,1.0.2,1.0.2
    Compiler,,GCC 10.2.1 20210110 + Clang 11.0.1-2,GCC 10.2.1 20210110 + Clang 11.0.1-2
    File-System,,ext4,ext4
    Screen Resolution,,1920x1080,1920x1080
    <empty line>
     ,,"base","fwrapv"
    "OSBench - Test: Create Files (us/Event)",LIB,27.059887,26.349926
    "OSBench - Test: Create Threads (us/Event)",LIB,19.028982,19.540946
    "OSBench - Test: Launch Programs (us/Event)",LIB,46.869119,46.919187
    "OSBench - Test: Create Processes (us/Event)",LIB,35.155614,35.912990
    "OSBench - Test: Memory Allocations (Ns/Event)",LIB,159.819365,157.481988
    <empty line>
    <empty line>
    """
