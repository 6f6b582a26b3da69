package io.hexmq.bootstrap;

import picocli.CommandLine;

/** Reports the version from the jar manifest, so it always matches the build. */
final class HexmqVersion implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = Hexmq.class.getPackage().getImplementationVersion();
        return new String[] {"hexmq " + (version == null ? "(development build)" : version)};
    }
}
