// etcdmin DATA_DIR CLIENT_URL: a single-node etcd on loopback, the store of the throw-away kube-apiserver that
// `npm test`'s k8s layer asks for a server-side dry run (scripts/check-k8s.mjs). Built by
// scripts/bootstrap.d/ops-apiserver.sh from go.etcd.io/etcd/server/v3's embed package (etcd's own server, without
// its command line), so nothing but the Go module proxy is needed. Prints "etcd ready" once it serves.
package main

import (
	"log"
	"net/url"
	"os"

	"go.etcd.io/etcd/server/v3/embed"
)

func main() {
	if len(os.Args) != 3 {
		log.Fatal("usage: etcdmin DATA_DIR CLIENT_URL")
	}
	client, err := url.Parse(os.Args[2])
	if err != nil {
		log.Fatal(err)
	}
	cfg := embed.NewConfig()
	cfg.Dir = os.Args[1]
	cfg.LogLevel = "warn"
	cfg.ListenClientUrls = []url.URL{*client}
	cfg.AdvertiseClientUrls = []url.URL{*client}
	// One member, no peers: its peer address is never dialled, but etcd needs one to name itself.
	peer := url.URL{Scheme: "http", Host: "127.0.0.1:0"}
	cfg.ListenPeerUrls = []url.URL{peer}
	cfg.AdvertisePeerUrls = []url.URL{{Scheme: "http", Host: "127.0.0.1:2380"}}
	cfg.InitialCluster = cfg.Name + "=http://127.0.0.1:2380"
	server, err := embed.StartEtcd(cfg)
	if err != nil {
		log.Fatal(err)
	}
	<-server.Server.ReadyNotify()
	log.Print("etcd ready")
	log.Fatal(<-server.Err())
}
